// The kit's button, choice fields and form (client/ui/Button.tsx, ChoiceField.tsx, Form.tsx; issue 39): what a
// screen's `<Button>`, `<Checkbox>`, `<Radio>`, `<ChoiceFieldset>` and `<Form>` put on the page — the type, the variant's classes, the
// label that names the input, the hint and error wired by aria-describedby — rendered by React's server renderer
// and read back as markup.
import { renderToStaticMarkup } from 'react-dom/server';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from '../../client/ui/Button.tsx';
import { Checkbox, ChoiceFieldset, Radio } from '../../client/ui/ChoiceField.tsx';
import { Form } from '../../client/ui/Form.tsx';

const noop = () => undefined;

/** The rendered markup as a DOM-free element: its tag's attributes by name. */
function attributesOf(markup: string, tag: string): Record<string, string> {
  const found = new RegExp(`<${tag}\\b([^>]*)>`).exec(markup);
  if (!found) throw new Error(`no <${tag}> in ${markup}`);
  const attributes: Record<string, string> = {};
  for (const [, name, value] of (found[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g))
    if (name) attributes[name] = value ?? '';
  return attributes;
}

describe('Button', () => {
  it('is a plain button unless it submits, in the secondary look by default', () => {
    const button = attributesOf(renderToStaticMarkup(<Button onClick={noop}>Cancel</Button>), 'button');
    expect(button.type).toBe('button');
    expect(button.class).toBe('button');
    const submit = attributesOf(renderToStaticMarkup(<Button type="submit">Save</Button>), 'button');
    expect(submit.type).toBe('submit');
  });

  it('gives each variant and size its classes, then the screen’s own', () => {
    expect(buttonClassName('primary', 'normal')).toBe('button button--primary');
    expect(buttonClassName('secondary', 'small')).toBe('button button--small');
    expect(buttonClassName('link', 'normal', 'accounts__close')).toBe('link-button accounts__close');
    expect(buttonClassName('bare', 'normal', 'list-row')).toBe('list-row');
    expect(buttonClassName('bare', 'normal')).toBeUndefined();
  });

  it('passes its name, state and handlers through to the button', () => {
    const markup = renderToStaticMarkup(
      <Button variant="primary" aria-label="Download Unit track" disabled title="Not authorized">
        Download
      </Button>,
    );
    const button = attributesOf(markup, 'button');
    expect(button['aria-label']).toBe('Download Unit track');
    expect(button.disabled).toBe('');
    expect(button.title).toBe('Not authorized');
    expect(markup).toContain('>Download</button>');
  });
});

describe('Checkbox', () => {
  it('is a checkbox inside its label, so the label names it', () => {
    const markup = renderToStaticMarkup(
      <Checkbox label="Use UTC" checked onChange={noop} className="choice" />,
    );
    expect(markup).toMatch(/^<label class="choice"><input [^>]*type="checkbox"[^>]*\/> Use UTC<\/label>$/);
    const input = attributesOf(markup, 'input');
    expect(input.checked).toBe('');
    expect(input['aria-describedby']).toBeUndefined();
    expect(input['aria-invalid']).toBeUndefined();
  });

  it('shows its hint and error beneath, read as its description', () => {
    const markup = renderToStaticMarkup(
      <Checkbox
        id="alerting"
        label="Alerting"
        checked={false}
        onChange={noop}
        hint="Alerts reach the public feed"
        error="Choose one"
        describedBy="feed-note"
      />,
    );
    const input = attributesOf(markup, 'input');
    expect(input['aria-describedby']).toBe('alerting-hint alerting-error feed-note');
    expect(input['aria-invalid']).toBe('true');
    expect(input.checked).toBeUndefined();
    expect(markup).toContain(
      '<span id="alerting-hint" class="field__hint">Alerts reach the public feed</span>',
    );
    expect(markup).toContain('<span id="alerting-error" class="field__error" role="alert">Choose one</span>');
  });

  it('is an on/off switch when asked, and takes a name other than its label', () => {
    const input = attributesOf(
      renderToStaticMarkup(<Checkbox switch label="3" ariaLabel="Lane 3" checked={false} onChange={noop} />),
      'input',
    );
    expect(input.role).toBe('switch');
    expect(input['aria-label']).toBe('Lane 3');
  });
});

describe('Radio and ChoiceFieldset', () => {
  it('puts radio buttons of one group under a legend, with the group’s error', () => {
    const markup = renderToStaticMarkup(
      <ChoiceFieldset
        className="field"
        legend="Expiration"
        error="Pick an expiration"
        errorId="expiration-error"
      >
        <Radio name="expiration" value="day" label="1 day" checked onSelect={noop} />
        <Radio name="expiration" value="week" label="1 week" checked={false} disabled onSelect={noop} />
      </ChoiceFieldset>,
    );
    expect(markup.startsWith('<fieldset class="field"><legend>Expiration</legend>')).toBe(true);
    const radios = [...markup.matchAll(/<input [^>]*\/>/g)].map(([tag]) => attributesOf(tag, 'input'));
    expect(radios.map((radio) => [radio.type, radio.name, radio.value])).toEqual([
      ['radio', 'expiration', 'day'],
      ['radio', 'expiration', 'week'],
    ]);
    expect(radios[1]?.disabled).toBe('');
    expect(markup).toContain(
      '<span id="expiration-error" class="field__error" role="alert">Pick an expiration</span>',
    );
  });

  it('gives each choice an id of its own when none is given', () => {
    const markup = renderToStaticMarkup(
      <>
        <Checkbox label="A" checked={false} onChange={noop} hint="first" />
        <Checkbox label="B" checked={false} onChange={noop} hint="second" />
      </>,
    );
    const ids = [...markup.matchAll(/<input [^>]*id="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('Form', () => {
  it('leaves validation to the kit’s rules and keeps its name', () => {
    const form = attributesOf(
      renderToStaticMarkup(
        <Form aria-label="Trip search" className="trip-form" onSubmit={noop}>
          <input />
        </Form>,
      ),
      'form',
    );
    expect(form).toMatchObject({ noValidate: '', 'aria-label': 'Trip search', class: 'trip-form' });
  });

  it('sends without reloading the page', () => {
    const onSubmit = vi.fn();
    const element = Form({ onSubmit, children: null });
    const event = { preventDefault: vi.fn() } as unknown as FormEvent<HTMLFormElement>;
    element.props.onSubmit(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledWith(event);
  });
});
