/**
 * The front door of the `printing` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Kitchen tickets on thermal printers (docs/decisions/019, the kitchen ticket): the domain's ticket
 * document encoded in ESC/POS or StarPRNT for 80 or 58 mm paper. The ESC/POS decoder
 * (escpos-decode.ts) is for tests and simulated printers, not exported here.
 */
export { encodeTicket, paperColumns, type EncodeOptions, type PaperWidth, type PrinterLanguage } from './encode.ts';
