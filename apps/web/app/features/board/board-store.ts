import { create } from 'zustand';
import type { BoardEventData, BoardOrder, BoardState } from '@resto/contract/board';
import { applyEvent, applyFullState, applyOrder, emptyBoard, type BoardData } from './board-state.ts';

/**
 * The board's client store (docs/decisions/019 and 021): the orders (board-state.ts, pure) and the
 * state of the connection the banner shows. Not persisted: a reload loads the full state again.
 */
export interface BoardStore {
  board: BoardData;
  /** `connecting` until the SSE stream first opens; `error` from its first error until it opens again. */
  stream: 'connecting' | 'open' | 'error';
  /** The browser says it is offline (`navigator.onLine`, the `offline` event). */
  offline: boolean;
  /** The last full state load failed (network, server). */
  loadFailed: boolean;
  /** When the last full state was applied (ISO instant, the browser's clock), for « Mis à jour à … ». */
  syncedAt: string | null;
  /** The server's clock minus the browser's (ms), from the last full state's `server_time`: ready times are counted from the server's now. */
  clockOffsetMs: number;
  fullState(state: BoardState): void;
  event(eventId: number, data: BoardEventData): void;
  order(order: BoardOrder): void;
  setStream(stream: BoardStore['stream']): void;
  setOffline(offline: boolean): void;
  setLoadFailed(failed: boolean): void;
}

export const useBoardStore = create<BoardStore>()((set) => ({
  board: emptyBoard,
  stream: 'connecting',
  offline: false,
  loadFailed: false,
  syncedAt: null,
  clockOffsetMs: 0,
  fullState: (state) =>
    set((s) => ({
      board: applyFullState(s.board, state),
      loadFailed: false,
      syncedAt: new Date().toISOString(),
      clockOffsetMs: Date.parse(state.server_time) - Date.now(),
    })),
  event: (eventId, data) => set((s) => ({ board: applyEvent(s.board, eventId, data) })),
  order: (order) => set((s) => ({ board: applyOrder(s.board, order) })),
  setStream: (stream) => set({ stream }),
  setOffline: (offline) => set({ offline }),
  setLoadFailed: (loadFailed) => set({ loadFailed }),
}));

/** Whether the board should say « Connexion perdue, reconnexion… »: offline, the stream broken, or the last load failed. */
export function isConnectionLost(s: Pick<BoardStore, 'stream' | 'offline' | 'loadFailed'>): boolean {
  return s.offline || s.stream === 'error' || s.loadFailed;
}

/** The server's now (ms), from the browser's clock and the last known offset. */
export function serverNow(): number {
  return Date.now() + useBoardStore.getState().clockOffsetMs;
}
