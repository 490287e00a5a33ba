// The live map as the trips, hazards and R2R screens show it: beside their panel, with what they draw contributed
// as feature layers; choosing an asset on it does nothing here (those screens are not the asset list).
import type { ReactNode } from 'react';
import { LiveMap } from './LiveMap.tsx';
import '../ui/tripPages.css';

const ignoreSelection = () => undefined;

export function SectionMap({ children }: { children?: ReactNode }) {
  return (
    <div className="trips-page__main">
      <div className="trips-page__map">
        <LiveMap selectedId={null} onSelect={ignoreSelection} />
      </div>
      {children}
    </div>
  );
}
