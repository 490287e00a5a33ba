import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
  ApiTokenCreateSchema,
  hasReachedApiKeyLimit,
  type ApiToken,
} from '#domain/integrations/apiToken';
import { createApiToken, deleteApiToken, fetchApiTokens } from '../../api/accounts.ts';
import { apiClient, sessionProfile } from '../../session/session.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { useLoaded } from './accountsHooks.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { AccountsFormElement, AccountsTable, DeleteButton } from './FormParts.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { listTime } from '../../ui/displayTime.ts';
import { Button } from '../../ui/Button.tsx';

const NEW_TOKEN = { description: '' };

/**
 * API tokens (access §2 Integrations, §6 account notices): the user's tokens, a new one made with a description and
 * shown once with a copy button, and delete with confirmation. A user at the limit, or without API keys enabled,
 * reads the product's notice instead of the form.
 */
export function ApiTokens() {
  useSignals();
  const hasApiKeys = sessionProfile.value?.hasApiKeys ?? false;
  const [version, setVersion] = useState(0);
  const tokens = useLoaded(() => fetchApiTokens(apiClient()), String(version));
  const form = useForm('token', NEW_TOKEN, (values) => schemaProblems(ApiTokenCreateSchema, values));
  const [created, setCreated] = useState<ApiToken | null>(null);
  const removal = useRemoval(
    (token: ApiToken) => deleteApiToken(apiClient(), token.id),
    (token) => {
      if (created?.id === token.id) setCreated(null);
      setVersion((value) => value + 1);
    },
  );

  const atLimit = tokens?.ok === true && hasReachedApiKeyLimit(tokens.value.length);

  const create = async () => {
    if (form.submitting) return;
    let made: ApiToken | null = null;
    const saved = await form.submit(async ({ description }) => {
      const result = await createApiToken(apiClient(), description.trim());
      if (result.ok) made = result.value;
      return result;
    });
    if (!saved || made === null) return;
    setCreated(made);
    form.reset();
    setVersion((value) => value + 1);
  };

  return (
    <section aria-label="API Tokens">
      <h1>API Tokens</h1>
      {!hasApiKeys ? (
        <p className="accounts__notice" role="note">
          {API_KEY_PERMISSION_MISSING}
        </p>
      ) : atLimit ? (
        <p className="accounts__notice" role="note">
          {API_KEY_LIMIT_REACHED}
        </p>
      ) : (
        <AccountsFormElement label="New API token" onSubmit={() => void create()}>
          <TextField {...form.bind('description')} label="Description" />
          <div className="accounts__actions">
            <Button
              type="submit"
              variant="primary"
              disabled={form.submitting || form.problems.description !== undefined}
            >
              Create Token
            </Button>
          </div>
          {form.apiError ? (
            <p className="form-footer__error" role="alert">
              {form.apiError}
            </p>
          ) : null}
        </AccountsFormElement>
      )}
      {created ? (
        <div className="accounts__notice" data-testid="new-token">
          <p>Copy this token now: it is shown only once.</p>
          <p className="accounts__secret" data-testid="new-token-value">
            {created.token}
          </p>
          <CopyButton text={created.token} />
        </div>
      ) : null}
      {tokens && !tokens.ok ? <p role="alert">{tokens.message}</p> : null}
      {tokens?.ok ? (
        <AccountsTable label="API tokens" columns={['Description', 'Token', 'Created']}>
          {tokens.value.map((token) => (
            <tr key={token.id} data-testid="token-row">
              <td>{token.description}</td>
              <td className="accounts__secret">{token.token}</td>
              <td>{listTime(Date.parse(token.createdDate))}</td>
              <td>
                <DeleteButton itemName={token.description} onClick={() => removal.ask(token)} />
              </td>
            </tr>
          ))}
        </AccountsTable>
      ) : null}
      <RemovalDialog removal={removal} title="Delete API Token">
        {(token) => <p>Delete the token “{token.description}”? Anything using it stops working at once.</p>}
      </RemovalDialog>
    </section>
  );
}
