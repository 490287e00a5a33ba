// The roadway heading dial of the event detail (live §2): a compass rose with a needle at the roadway's heading
// (degrees clockwise from north) and its compass point, shown only when the heading is a number.
import { courseToDirection } from '#domain/things/thing';

const SIZE = 64;
const CENTRE = SIZE / 2;
const NEEDLE = 24;

export function RoadwayHeadingDial({ heading }: { heading: number }) {
  const direction = courseToDirection(heading) ?? '';
  return (
    <figure className="heading-dial" data-testid="roadway-heading">
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`Roadway heading ${Math.round(heading)}° ${direction}`}
      >
        <circle cx={CENTRE} cy={CENTRE} r={CENTRE - 2} className="heading-dial__face" />
        {['N', 'E', 'S', 'W'].map((point, index) => {
          const angle = (index * Math.PI) / 2;
          return (
            <text
              key={point}
              x={CENTRE + Math.sin(angle) * (CENTRE - 9)}
              y={CENTRE - Math.cos(angle) * (CENTRE - 9) + 3}
              className="heading-dial__point"
              textAnchor="middle"
            >
              {point}
            </text>
          );
        })}
        <line
          x1={CENTRE}
          y1={CENTRE}
          x2={CENTRE}
          y2={CENTRE - NEEDLE}
          className="heading-dial__needle"
          transform={`rotate(${heading} ${CENTRE} ${CENTRE})`}
        />
      </svg>
      <figcaption>
        {Math.round(heading)}° {direction}
      </figcaption>
    </figure>
  );
}
