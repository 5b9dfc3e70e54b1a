/**
 * Spec section 2, native app build: the status bar colour adapts to the background's brightness.
 * Capacitor's names: style 'DARK' is light text for dark backgrounds, 'LIGHT' dark text for light ones.
 */
export type StatusBarStyle = 'DARK' | 'LIGHT';

/** Parses '#rgb', '#rrggbb' or 'rgb(a)(r, g, b…)' into 0–255 channels; null otherwise. */
export function parseColor(color: string): [number, number, number] | null {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * The status-bar style for a background colour: light text ('DARK') on a dark background, dark
 * text ('LIGHT') on a light one. The threshold is where black and white text have equal contrast.
 * An unreadable colour gets 'DARK', the app's own dark background.
 */
export function statusBarStyleFor(background: string): StatusBarStyle {
  const rgb = parseColor(background);
  if (!rgb) return 'DARK';
  return relativeLuminance(rgb) > 0.179 ? 'LIGHT' : 'DARK';
}
