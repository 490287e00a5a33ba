// The Accounts section's own parts: its tables, row actions, Edit link and form element. Its fields and footer
// are the kit's (`client/ui/FormField.tsx`, `client/ui/FormFooter.tsx`).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';

/** A list of the Accounts section: the given column headings and a last, unlabelled column for the row's actions. */
export function AccountsTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className="accounts__table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A row's Delete, named after the item for screen readers ("Delete Nina North"). */
export function DeleteButton({ itemName, onClick }: { itemName: string; onClick: () => void }) {
  return (
    <Button variant="link" className="accounts__close" aria-label={`Delete ${itemName}`} onClick={onClick}>
      Delete
    </Button>
  );
}

/** Edit, for those whose permissions allow it. */
export function EditLink({ href, allowed }: { href: string; allowed: boolean }) {
  if (!allowed) return null;
  return (
    <div className="accounts__actions">
      <Link href={href} className="button button--primary">
        Edit
      </Link>
    </div>
  );
}

/** An Accounts form: named for assistive technology, checked by the form rules rather than the browser. */
export function AccountsFormElement({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      className="accounts__form"
      aria-label={label}
      onSubmit={() => {
        onSubmit();
      }}
    >
      {children}
    </Form>
  );
}
