import { z } from './zod-fr.ts';
import { requestErrors } from '@resto/copy/errors/request';
import { locationMessages, minLocationQueryLength } from './location.ts';

/*
 * Schemas of the location calls, apart from location.ts so that the menu's location panel does
 * not bring zod into the first load of /menu (the API validates with these).
 */

/** The `location` query of the distance call: a suggestion's place_id or description, or 'lat,lng'. */
export const LocationQuerySchema = z
  .string({ error: locationMessages.notFound })
  .trim()
  .min(minLocationQueryLength, { error: locationMessages.queryTooShort })
  .max(200, { error: requestErrors.tooLong(200) });
