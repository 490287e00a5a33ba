// Where the things screens live (live §2 route table): the list, an asset, its two edit forms.
export const THINGS_PATH = '/dashboard/things';

export const thingPath = (thingId: string) => `${THINGS_PATH}/${encodeURIComponent(thingId)}`;
