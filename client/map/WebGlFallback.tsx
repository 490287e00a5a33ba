import { useRef, useState } from 'react';
import { Dialog, DialogActions } from '../ui/Dialog.tsx';
import './map.css';

/** Replaces the map when WebGL is missing, with a dialog on how to turn it on in three browsers. */
export function WebGlFallback() {
  const [helpOpen, setHelpOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  return (
    <div className="map-fallback" data-testid="map-fallback">
      <p>The map needs WebGL, which is turned off or not available in this browser.</p>
      <button type="button" className="button" onClick={() => setHelpOpen(true)}>
        How to enable WebGL
      </button>
      {helpOpen ? (
        <Dialog
          title="Enable WebGL"
          className="dialog--wide"
          onClose={() => setHelpOpen(false)}
          initialFocus={close}
        >
          <dl>
            <dt>Chrome</dt>
            <dd>
              Open Settings → System and turn on &ldquo;Use graphics acceleration when available&rdquo;, then
              relaunch Chrome. If the map still does not show, open chrome://gpu and check that WebGL is
              listed as &ldquo;Hardware accelerated&rdquo;.
            </dd>
            <dt>Firefox</dt>
            <dd>
              Open about:config, search for webgl.disabled and set it to false, then restart Firefox. Also
              check that Settings → General → Performance allows hardware acceleration.
            </dd>
            <dt>Safari</dt>
            <dd>
              On macOS open Safari → Settings → Advanced, tick &ldquo;Show features for web developers&rdquo;,
              then in Develop → Feature Flags make sure WebGL is enabled, and reload the page.
            </dd>
          </dl>
          <p>The asset list keeps working without the map.</p>
          <DialogActions>
            <button ref={close} type="button" className="button" onClick={() => setHelpOpen(false)}>
              Close
            </button>
          </DialogActions>
        </Dialog>
      ) : null}
    </div>
  );
}
