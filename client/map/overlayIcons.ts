// The overlays' icons, drawn in code into one atlas (no outside assets): event markers active (red) and recent
// (grey) as a pin with "!", an area pin, a station house, and the wrong-way alerting zone sign active (red) and
// inactive (grey) — a disc with a white bar, the "no entry" sign drivers know.

const CELL = 64;
const CENTRE = CELL / 2;

export const OVERLAY_ICONS = [
  'event-active',
  'event-recent',
  'area',
  'station',
  'wrong-way-active',
  'wrong-way-inactive',
] as const;
export type OverlayIcon = (typeof OVERLAY_ICONS)[number];

type IconFrame = { x: number; y: number; width: number; height: number; anchorY: number; mask: boolean };
export type OverlayIconAtlas = { url: string; mapping: Record<OverlayIcon, IconFrame> };

function pin(context: CanvasRenderingContext2D, colour: string) {
  context.fillStyle = colour;
  context.beginPath();
  context.arc(CENTRE, 24, 20, Math.PI, 0);
  context.quadraticCurveTo(CENTRE + 20, 40, CENTRE, 62);
  context.quadraticCurveTo(CENTRE - 20, 40, CENTRE - 20, 24);
  context.fill();
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  context.stroke();
}

function drawIcon(context: CanvasRenderingContext2D, icon: OverlayIcon) {
  switch (icon) {
    case 'event-active':
    case 'event-recent':
      pin(context, icon === 'event-active' ? '#b91c1c' : '#6b7280');
      context.fillStyle = '#ffffff';
      context.fillRect(CENTRE - 3, 10, 6, 18);
      context.fillRect(CENTRE - 3, 32, 6, 6);
      return;
    case 'area':
      pin(context, '#7c3aed');
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(CENTRE, 24, 7, 0, Math.PI * 2);
      context.fill();
      return;
    case 'station':
      context.fillStyle = '#0f172a';
      context.beginPath();
      context.arc(CENTRE, CENTRE, CENTRE - 2, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.moveTo(CENTRE - 18, CENTRE - 2);
      context.lineTo(CENTRE, CENTRE - 18);
      context.lineTo(CENTRE + 18, CENTRE - 2);
      context.closePath();
      context.fill();
      context.fillRect(CENTRE - 12, CENTRE - 3, 24, 18);
      return;
    case 'wrong-way-active':
    case 'wrong-way-inactive':
      context.fillStyle = icon === 'wrong-way-active' ? '#dc2626' : '#9ca3af';
      context.beginPath();
      context.arc(CENTRE, CENTRE, CENTRE - 2, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#ffffff';
      context.fillRect(CENTRE - 19, CENTRE - 5, 38, 10);
      return;
    default: {
      const unhandled: never = icon;
      return unhandled;
    }
  }
}

/** Pins stand on their point; round signs are centred on it. */
function anchorOf(icon: OverlayIcon): number {
  return icon.startsWith('event') || icon === 'area' ? CELL : CENTRE;
}

let built: OverlayIconAtlas | null = null;

export function overlayIconAtlas(): OverlayIconAtlas {
  if (built) return built;
  const canvas = document.createElement('canvas');
  canvas.width = CELL * OVERLAY_ICONS.length;
  canvas.height = CELL;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('cannot draw the overlay icons');
  const mapping = {} as Record<OverlayIcon, IconFrame>;
  OVERLAY_ICONS.forEach((icon, index) => {
    context.save();
    context.translate(index * CELL, 0);
    drawIcon(context, icon);
    context.restore();
    mapping[icon] = {
      x: index * CELL,
      y: 0,
      width: CELL,
      height: CELL,
      anchorY: anchorOf(icon),
      mask: false,
    };
  });
  built = { url: canvas.toDataURL('image/png'), mapping };
  return built;
}
