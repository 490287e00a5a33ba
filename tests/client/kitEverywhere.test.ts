// "One kit, used everywhere" (issue 39 item 4), held by reading the source: no screen or kit part writes its own
// `<form>`, `<button>`, checkbox or radio button — they use `ui/Form.tsx`, `ui/Button.tsx` and `ui/ChoiceField.tsx` —
// except a button whose role makes it another control (a tab, a switch). A page stylesheet restyles none of the kit's
// controls.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const KIT_CONTROLS = new Set(['client/ui/Button.tsx', 'client/ui/ChoiceField.tsx', 'client/ui/Form.tsx']);

function filesUnder(folder: string, ending: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path, ending);
    return path.endsWith(ending) ? [path] : [];
  });
}

const sources = [...filesUnder('client/features', '.tsx'), ...filesUnder('client/ui', '.tsx')]
  .map((path) => relative(root, join(root, path)))
  .filter((path) => !KIT_CONTROLS.has(path));

/** Each `<button …>` opening tag of a source (up to its first `>` not inside braces). */
function openingButtonTags(text: string): string[] {
  const tags: string[] = [];
  for (const found of text.matchAll(/<button\b/g)) {
    let depth = 0;
    let at = found.index;
    for (; at < text.length; at += 1) {
      const character = text[at];
      if (character === '{') depth += 1;
      else if (character === '}') depth -= 1;
      else if (character === '>' && depth === 0 && text[at - 1] !== '=') break;
    }
    tags.push(text.slice(found.index, at + 1));
  }
  return tags;
}

describe('the kit’s controls', () => {
  it('are the only buttons of the screens and the kit, but for tabs and switches', () => {
    const raw = sources.flatMap((path) =>
      openingButtonTags(readFileSync(join(root, path), 'utf8'))
        .filter((tag) => !/role="(tab|switch)"/.test(tag))
        .map((tag) => `${path}: ${tag.replace(/\s+/g, ' ')}`),
    );
    expect(raw).toEqual([]);
  });

  it('are the only checkboxes and radio buttons of the screens and the kit', () => {
    const raw = sources.filter((path) =>
      /type=["'{](checkbox|radio)|type=\{[^}]*'(checkbox|radio)'/.test(
        readFileSync(join(root, path), 'utf8'),
      ),
    );
    expect(raw).toEqual([]);
  });

  it('are the only forms of the screens and the kit', () => {
    expect(sources.filter((path) => /<form\b/.test(readFileSync(join(root, path), 'utf8')))).toEqual([]);
  });

  it('are restyled by no page stylesheet', () => {
    const pageSheets = filesUnder('client/features', '.css');
    const restyling = pageSheets.filter((path) =>
      /(^|[\s,>])(button|input|select)(\[|:|\s*[,{])/m.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(restyling).toEqual([]);
  });
});
