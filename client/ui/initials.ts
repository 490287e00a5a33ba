// A person's initials for the account menu's avatar and the Accounts header: first and last name's first letters,
// or the e-mail's first letter when there is no name.

export function initialsOf(firstName: string, lastName: string, email: string): string {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return initials || email.charAt(0).toUpperCase();
}
