// The dashboard's one button (issue 39): every button of the screens and the kit is this component, so a button
// looks, reads and behaves the same everywhere — `type="button"` unless it submits, and one disabled look (grey, no
// pointer) instead of a primary colour that ignores clicks. Variants: `secondary` (the default), `primary` (the
// one action a card or form leads with), `link` (an action that reads as a link inside text or a header), `bare`
// (a control its own component styles whole: a list row, a picker option, a toggle beside a field). `small` for
// the compact buttons of rows and notices. Styles: `.button*` and `.link-button` in `client/styles.css`.
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'secondary' | 'primary' | 'link' | 'bare';
export type ButtonSize = 'normal' | 'small';

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  secondary: 'button',
  primary: 'button button--primary',
  link: 'link-button',
  bare: '',
};

/** The classes of a button of this variant and size, then the screen's own. */
export function buttonClassName(
  variant: ButtonVariant,
  size: ButtonSize,
  className?: string,
): string | undefined {
  const classes = [VARIANT_CLASS[variant], size === 'small' ? 'button--small' : '', className ?? ''];
  const joined = classes.filter((each) => each !== '').join(' ');
  return joined === '' ? undefined : joined;
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** `submit` for the button that sends its form; every other button is `button`. */
  type?: 'button' | 'submit';
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  variant = 'secondary',
  size = 'normal',
  type = 'button',
  className,
  ref,
  ...rest
}: ButtonProps) {
  return <button ref={ref} type={type} className={buttonClassName(variant, size, className)} {...rest} />;
}
