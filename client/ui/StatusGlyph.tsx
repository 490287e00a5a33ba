// An asset status's glyph in its colour (client/ui/statusAppearance.ts), the same shape the map's marker badge
// shows: in the asset list, the station popup, the asset popup and detail, and the map's legend. Named by the
// status's words when it stands for them (a list row), hidden from assistive technology when words sit beside it.
import type { AssetStatusName } from '#domain/status/assetStatus';
import { GLYPH_PATHS, GLYPH_SIZE, STATUS_APPEARANCE } from './statusAppearance.ts';
import './statusGlyph.css';

type StatusGlyphProps = {
  status: AssetStatusName;
  /** The status in words; without it the glyph is decoration beside words that say it. */
  label?: string;
  testId?: string;
};

export function StatusGlyph({ status, label, testId }: StatusGlyphProps) {
  const { colour, glyph } = STATUS_APPEARANCE[status];
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      className="status-glyph"
      viewBox={`0 0 ${GLYPH_SIZE} ${GLYPH_SIZE}`}
      data-status={status}
      data-glyph={glyph}
      data-testid={testId}
      {...named}
    >
      {label ? <title>{label}</title> : null}
      <path d={GLYPH_PATHS[glyph]} fill={colour} />
    </svg>
  );
}
