import { useEffect, useRef, useState } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import { currentEnvironment } from '../app/environment.ts';
import { mountLiveMap, type LiveMapController } from './liveMapController.ts';
import { WebGlFallback } from './WebGlFallback.tsx';
import { isWebGlAvailable } from './webglSupport.ts';

type LiveMapProps = {
  selectedId: string | null;
  onSelect(thingId: string): void;
};

/** The live map: streets from the simulator, assets as markers, the selected asset highlighted and centred. */
export function LiveMap({ selectedId, onSelect }: LiveMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<LiveMapController | null>(null);
  const onSelectRef = useRef(onSelect);
  const [unavailable, setUnavailable] = useState(() => !isWebGlAvailable());

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || unavailable) return;
    let controller: LiveMapController;
    try {
      controller = mountLiveMap(container, {
        basemapUrl: currentEnvironment().basemapUrl,
        onSelect: (thingId) => onSelectRef.current(thingId),
        onUnavailable: () => setUnavailable(true),
      });
    } catch {
      // MapLibre throws when it cannot create a WebGL context even though the check passed.
      setUnavailable(true);
      return;
    }
    controllerRef.current = controller;
    return () => {
      controllerRef.current = null;
      controller.destroy();
    };
  }, [unavailable]);

  useEffect(() => {
    controllerRef.current?.select(selectedId, { center: true });
  }, [selectedId, unavailable]);

  if (unavailable) return <WebGlFallback />;
  return <div ref={containerRef} className="live-map" data-testid="live-map" />;
}
