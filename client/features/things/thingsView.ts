// The asset list's search text. The worker narrows the list (client/live/listView.ts); the page keeps the text
// for the input.
import { signal } from '@preact/signals-react';
import { searchList } from '../../live/liveBridge.ts';

export const thingSearchText = signal('');

export function setThingSearch(text: string): void {
  thingSearchText.value = text;
  searchList(text);
}
