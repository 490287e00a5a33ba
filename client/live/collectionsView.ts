// Runs in the live worker: the collections the screens list (closures, areas, zones, the pickers' asset choices),
// taken from the live picture the worker already holds. Like the map's overlays it notes what each picture changed
// (`picture.changes`) and sends a watched collection whole when it changed, never per record; a collection whose
// records come back the same (a save's cable echo after its answer was applied) is not sent again. Asset choices
// follow the assets incrementally: only assets a picture added, changed or removed are looked at.
import type { LiveResource } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { areaListErrorMessage } from '#domain/areas/areaScreens';
import { closureLoadError } from '#domain/closures/closureForm';
import { assetChoiceOf, byChoiceName, type AssetChoice } from '#domain/things/assetChoices';
import { zoneErrorMessage } from '#domain/zones/zoneScreens';
import { thingsLoadErrorMessage } from '../api/things.ts';
import {
  COLLECTION_NAMES,
  type CollectionItems,
  type CollectionName,
  type CollectionsFrame,
  type CollectionState,
} from './collectionsProtocol.ts';

const RESOURCE_OF: Record<CollectionName, LiveResource> = {
  closures: 'closures',
  areas: 'areas',
  zones: 'zones',
  assetChoices: 'things',
};

function failureText(name: CollectionName, status: number): string {
  switch (name) {
    case 'closures':
      return closureLoadError(status);
    case 'areas':
      return areaListErrorMessage(status);
    case 'zones':
      return zoneErrorMessage(status, '');
    case 'assetChoices':
      return thingsLoadErrorMessage(status);
    default: {
      const unknown: never = name;
      return unknown;
    }
  }
}

function sameChoice(a: AssetChoice, b: AssetChoice): boolean {
  return (
    a.name === b.name &&
    a.systemId === b.systemId &&
    a.deviceType === b.deviceType &&
    a.organizationId === b.organizationId &&
    a.isR2REnabled === b.isR2REnabled &&
    a.isAllowedForClosures === b.isAllowedForClosures
  );
}

export class CollectionsView {
  private readonly watched = new Set<CollectionName>();
  /** What was last sent per collection, as text: a collection that reads the same is not sent again. */
  private readonly sent = new Map<CollectionName, string>();
  private readonly stale = new Set<CollectionName>(COLLECTION_NAMES);
  /** Per collection, whether its resource had loaded and its last failure, as last noted. */
  private readonly loads = new Map<CollectionName, string>();
  private readonly choices = new Map<string, AssetChoice>();
  private choicesComplete = false;

  /** The collections the open screens show; a newly watched one goes out with the next frame. */
  watch(names: readonly CollectionName[]): void {
    this.watched.clear();
    for (const name of names) this.watched.add(name);
    for (const name of [...this.sent.keys()]) if (!this.watched.has(name)) this.sent.delete(name);
  }

  note(picture: LivePicture): void {
    const { changes } = picture;
    if (changes.reset) {
      for (const name of COLLECTION_NAMES) this.stale.add(name);
      this.loads.clear();
      this.choices.clear();
      this.choicesComplete = false;
      return;
    }
    if (changes.closures) this.stale.add('closures');
    if (changes.areas) this.stale.add('areas');
    if (changes.zones) this.stale.add('zones');
    this.noteLoads(picture);
    this.noteThings(picture);
  }

  /** The watched collections that changed since they were last sent; null when none did. */
  frame(picture: LivePicture, appliedWrite: number | null): CollectionsFrame | null {
    const frame: CollectionsFrame = { appliedWrite };
    let any = appliedWrite !== null;
    for (const name of this.watched) {
      if (!this.stale.has(name) && this.sent.has(name)) continue;
      this.stale.delete(name);
      const state = this.stateOf(name, picture);
      // The choices are compared per asset as they change (noteThings); the fleet is not written out to compare.
      const text = name === 'assetChoices' ? null : JSON.stringify(state);
      if (text !== null && this.sent.get(name) === text) continue;
      this.sent.set(name, text ?? state.phase);
      Object.assign(frame, { [name]: state });
      any = true;
    }
    return any ? frame : null;
  }

  /** The picture started over: the page gets every watched collection again. */
  forget(): void {
    this.sent.clear();
  }

  private noteThings(picture: LivePicture): void {
    // Nobody picks an asset: following the fleet would cost a look at every moving asset each second for nothing.
    if (!this.watched.has('assetChoices')) this.choicesComplete = false;
    if (!this.choicesComplete) return;
    const { addedThings, updatedThings, removedThings } = picture.changes;
    for (const id of removedThings) if (this.choices.delete(id)) this.stale.add('assetChoices');
    for (const ids of [addedThings, updatedThings]) {
      for (const id of ids) {
        const thing = picture.things.get(id);
        if (thing === undefined) continue;
        const choice = assetChoiceOf(thing);
        const held = this.choices.get(id);
        if (held !== undefined && sameChoice(held, choice)) continue;
        this.choices.set(id, choice);
        this.stale.add('assetChoices');
      }
    }
  }

  /** A load that ended or failed changes what a collection shows even when no record changed. */
  private noteLoads(picture: LivePicture): void {
    for (const name of COLLECTION_NAMES) {
      const resource = RESOURCE_OF[name];
      const seen = `${picture.loaded[resource]}:${picture.loadErrors[resource] ?? ''}`;
      if (this.loads.get(name) === seen) continue;
      this.loads.set(name, seen);
      this.stale.add(name);
    }
  }

  private stateOf<Name extends CollectionName>(
    name: Name,
    picture: LivePicture,
  ): CollectionState<CollectionItems[Name]> {
    const organizationId = picture.organization?.id ?? null;
    if (organizationId === null) return { phase: 'loading', organizationId };
    const resource = RESOURCE_OF[name];
    if (!picture.loaded[resource]) {
      const status = picture.loadErrors[resource];
      return status === undefined
        ? { phase: 'loading', organizationId }
        : { phase: 'failed', organizationId, message: failureText(name, status) };
    }
    const items = this.itemsOf(name, picture) as CollectionItems[Name][];
    return { phase: 'loaded', organizationId, items };
  }

  private itemsOf(name: CollectionName, picture: LivePicture): unknown[] {
    switch (name) {
      case 'closures':
        return [...picture.closures.values()];
      case 'areas':
        return [...picture.areas.values()];
      case 'zones':
        return [...picture.zones.values()];
      case 'assetChoices':
        return this.allChoices(picture);
      default: {
        const unknown: never = name;
        return unknown;
      }
    }
  }

  private allChoices(picture: LivePicture): AssetChoice[] {
    if (!this.choicesComplete) {
      this.choices.clear();
      for (const thing of picture.things.values()) this.choices.set(thing.id, assetChoiceOf(thing));
      this.choicesComplete = true;
    }
    return [...this.choices.values()].sort(byChoiceName);
  }
}
