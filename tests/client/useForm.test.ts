// The kit's form rules (client/ui/useForm.ts, live §5, access §2): what a person sees of a field's error, of Save and
// of the server's refusal as they type, leave a field and press Save. React's state is stood in for by a small
// store that runs the hook again after each change, as a re-render would.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cells: unknown[] = [];
let cursor = 0;

vi.mock('react', () => ({
  useState: (initial: unknown) => {
    const index = cursor++;
    if (!(index in cells))
      cells[index] = typeof initial === 'function' ? (initial as () => unknown)() : initial;
    const set = (next: unknown) => {
      cells[index] =
        typeof next === 'function' ? (next as (current: unknown) => unknown)(cells[index]) : next;
    };
    return [cells[index], set];
  },
}));

const { useForm, mayEnableSave } = await import('../../client/ui/useForm.ts');
const { counterIsNear } = await import('../../client/ui/FormField.tsx');

type Values = { name: string; city: string };
const INITIAL: Values = { name: 'Depot', city: '' };
const problemsOf = (values: Values) => ({
  ...(values.name.trim() === '' ? { name: 'Name is required' } : {}),
  ...(values.city.trim() === '' ? { city: 'City is required' } : {}),
});

/** The form as the screen sees it after everything done so far. */
const form = () => {
  cursor = 0;
  return useForm('depot', INITIAL, problemsOf);
};

beforeEach(() => {
  cells.length = 0;
});

describe('useForm', () => {
  it('shows no error on a fresh form, nor on a field only visited', () => {
    expect(form().bind('city').error).toBeNull();
    form().touch('city');
    expect(form().bind('city').error).toBeNull();
  });

  it('shows a field’s error once it was changed into a problem', () => {
    form().bind('name').onChange('');
    expect(form().bind('name').error).toBe('Name is required');
    form().bind('name').onChange('Yard');
    expect(form().bind('name').error).toBeNull();
  });

  it('enables Save only once the form changed, and not while saving', () => {
    expect(mayEnableSave(form().changed, form().submitting)).toBe(false);
    form().bind('name').onChange('Yard');
    expect(mayEnableSave(form().changed, form().submitting)).toBe(true);
    form().bind('name').onChange('Depot');
    expect(form().changed).toBe(false);
  });

  it('on Save with problems shows every field’s error and sends nothing', async () => {
    const save = vi.fn(async () => ({ ok: true as const }));
    expect(await form().submit(save)).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(form().bind('city').error).toBe('City is required');
  });

  it('shows the server’s refusal under the footer and lets the user try again', async () => {
    form().bind('city').onChange('Chicago');
    expect(await form().submit(async () => ({ ok: false, message: 'Name already in use' }))).toBe(false);
    expect(form().apiError).toBe('Name already in use');
    expect(form().submitting).toBe(false);
  });

  it('stays "Saving…" after a success when the form leaves the screen a moment later', async () => {
    form().bind('city').onChange('Chicago');
    expect(await form().submit(async () => ({ ok: true }), { holdOnSuccess: true })).toBe(true);
    expect(form().submitting).toBe(true);
    expect(form().apiError).toBeNull();
  });

  it('starts over after reset: the opening values, no error, no refusal', async () => {
    form().bind('name').onChange('');
    await form().submit(async () => ({ ok: true }));
    form().reset();
    expect(form().values).toEqual(INITIAL);
    expect(form().changed).toBe(false);
    expect(form().bind('name').error).toBeNull();
    expect(form().bind('city').error).toBeNull();
  });

  it('treats lists as changed by their content, not their identity', () => {
    cursor = 0;
    const lanes = () => {
      cursor = 0;
      return useForm('closure', { lanes: [1, 2] }, () => ({}));
    };
    lanes().set('lanes', [1, 2]);
    expect(lanes().changed).toBe(false);
    lanes().set('lanes', [1]);
    expect(lanes().changed).toBe(true);
  });
});

describe('the character counter', () => {
  it('turns red within 5 characters of the maximum', () => {
    expect(counterIsNear(44, 50)).toBe(false);
    expect(counterIsNear(45, 50)).toBe(true);
    expect(counterIsNear(51, 50)).toBe(true);
  });
});
