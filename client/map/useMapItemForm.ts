// What the forms for items placed on the map share (the Areas and Zones forms, docs/areas-and-zones.md): the values
// the form opened with, frozen so that "changed" compares with them; the text fields (the Accounts form rules); one
// switch (an area's Exclusion, a zone's Active); the shape drawn on the map (useShapeEditing); whether Save was tried,
// so the map blocks show their errors only then; the edited item's id on the map state while the form is open, so
// its overlay leaves the map; and Save: the item's rules, the call, a fresh list, then the saved item's detail.
import type { Signal } from '@preact/signals-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useForm, type FormState, type FormValues } from '../ui/useForm.ts';
import { useShapeEditing, type ShapePoint } from './useShapeEditing.ts';
import { announce } from '../ui/LiveAnnouncer.tsx';
import type { Result } from '../ui/result.ts';

/** A map item's form values in three parts: the text fields, the one switch, and the drawn shape. */
export type MapItemValues<Text extends FormValues> = {
  text: Text;
  switchedOn: boolean;
  shape: readonly ShapePoint[];
};

export type MapItemFormOptions<Text extends FormValues> = {
  /** Names the fields' elements (`area-name`). */
  idPrefix: string;
  /** The item edited, or null when the form creates one. */
  itemId: string | null;
  /** The map state that takes the edited item's overlay off the map. */
  editedId: Signal<string | null>;
  /** The values the form opens with; read once. */
  initial(): MapItemValues<Text>;
  shapeKind: 'polygon' | 'path';
  /** Whether the map's editing aid runs, given the switch (an area draws only while it is an exclusion). */
  drawsShape(switchedOn: boolean): boolean;
  problemsOf(values: MapItemValues<Text>): Record<string, string>;
  /**
   * Writes the item; its id on success, once the live worker's collection holds the saved item (so the detail the
   * form moves to shows it without reading the list again).
   */
  save(values: MapItemValues<Text>): Promise<Result<string>>;
  listPath: string;
  itemPath(id: string): string;
};

export type MapItemForm<Text extends FormValues> = {
  form: FormState<Text>;
  switchedOn: boolean;
  setSwitchedOn(on: boolean): void;
  shape: { points: readonly ShapePoint[]; redraw(): void; setPoints(points: readonly ShapePoint[]): void };
  /** Save was tried at least once. */
  attempted: boolean;
  changed: boolean;
  /** Back and Cancel: the item's detail when editing, else the list. */
  back(): void;
  submit(event: React.FormEvent): void;
};

/** Call from a component that reads signals (useSignals), as useShapeEditing asks. */
export function useMapItemForm<Text extends FormValues>(
  options: MapItemFormOptions<Text>,
): MapItemForm<Text> {
  const [, navigate] = useLocation();
  const [initial] = useState(options.initial);
  const [switchedOn, setSwitchedOn] = useState(initial.switchedOn);
  const [attempted, setAttempted] = useState(false);
  const shape = useShapeEditing(options.shapeKind, initial.shape, options.drawsShape(switchedOn));
  const valuesWith = (text: Text): MapItemValues<Text> => ({ text, switchedOn, shape: shape.points });
  const form = useForm<Text>(options.idPrefix, initial.text, (text) => options.problemsOf(valuesWith(text)));

  const { itemId, editedId } = options;
  useEffect(() => {
    editedId.value = itemId;
    return () => {
      editedId.value = null;
    };
  }, [itemId, editedId]);

  const backPath = itemId === null ? options.listPath : options.itemPath(itemId);
  const submit = async () => {
    setAttempted(true);
    await form.submit(async (text) => {
      const saved = await options.save(valuesWith(text));
      if (!saved.ok) return saved;
      announce({ text: 'Saved' });
      navigate(options.itemPath(saved.value));
      return { ok: true };
    });
  };

  return {
    form,
    switchedOn,
    setSwitchedOn,
    shape,
    attempted,
    changed: form.changed || switchedOn !== initial.switchedOn || shape.changed,
    back: () => navigate(backPath),
    submit(event) {
      event.preventDefault();
      void submit();
    },
  };
}
