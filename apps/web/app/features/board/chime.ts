/**
 * The board's ring (docs/decisions/019): three rising notes made with the Web Audio API, so nothing
 * is downloaded and it works offline. Browsers keep an AudioContext suspended until a user
 * gesture: « Démarrer le service » calls `unlock()` from its click.
 */

/** The notes of one ring: frequency (Hz), start and length (s). A bright, kitchen-audible chime. */
const notes = [
  { frequency: 880, start: 0, length: 0.18 },
  { frequency: 1175, start: 0.2, length: 0.18 },
  { frequency: 1568, start: 0.4, length: 0.35 },
] as const;

/** Loudness of a note's peak (0..1). */
const peakGain = 0.6;

export interface Chime {
  /** Creates or resumes the audio context; call it from a click. Whether sound can play now. */
  unlock(): Promise<boolean>;
  /** Plays one ring; false when the browser keeps audio blocked (no gesture yet). */
  play(): boolean;
}

type AudioContextConstructor = new () => AudioContext;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** One chime for the page: a single AudioContext, created at first use. */
export function createChime(): Chime {
  let context: AudioContext | null = null;
  const contextOf = (): AudioContext | null => {
    if (context) return context;
    const Context = audioContextClass();
    context = Context ? new Context() : null;
    return context;
  };
  return {
    async unlock() {
      const ctx = contextOf();
      if (!ctx) return false;
      try {
        await ctx.resume();
      } catch {
        return false;
      }
      return ctx.state === 'running';
    },
    play() {
      const ctx = contextOf();
      if (!ctx) return false;
      if (ctx.state !== 'running') {
        void ctx.resume().catch(() => undefined);
        return false;
      }
      const now = ctx.currentTime;
      for (const note of notes) {
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = 'triangle';
        oscillator.frequency.value = note.frequency;
        const start = now + note.start;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(peakGain, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + note.length);
        oscillator.connect(gain).connect(ctx.destination);
        oscillator.start(start);
        oscillator.stop(start + note.length + 0.05);
      }
      return true;
    },
  };
}
