import type { LabelWidth } from './breadcrumb-fold';

let canvas: CanvasRenderingContext2D | null | undefined;

// A label's width in a CSS font, from a canvas's text metrics (nothing is drawn or laid out); undefined
// where there is no canvas. Call it only in a real layout (jsdom has no canvas and says so on the console).
export function textWidthIn(font: string): LabelWidth | undefined {
  canvas ??= document.createElement('canvas').getContext('2d');
  const context = canvas;
  if (!context) return undefined;
  return (label) => {
    context.font = font;
    return Math.ceil(context.measureText(label).width);
  };
}
