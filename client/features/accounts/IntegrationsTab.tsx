import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
  ApiTokenCreateSchema,
  hasReachedApiKeyLimit,
  type ApiToken,
} from '#domain/integrations/apiToken';
import { createApiToken, deleteApiToken, fetchApiTokens, type Outcome } from '../../api/accounts.ts';
import { apiClient, sessionProfile } from '../../app/session.ts';
import { schemaProblems } from './accountsForm.ts';
import { CopyButton } from './CopyButton.tsx';
import { ConfirmDialog, TextField } from './FormParts.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * API tokens (access §2 Integrations, §6 account notices): the user's tokens, a new one made with a description and
 * shown once with a copy button, and delete with confirmation. A user at the limit, or without API keys enabled,
 * reads the product's notice instead of the form.
 */
export function ApiTokens() {
  useSignals();
  const hasApiKeys = sessionProfile.value?.hasApiKeys ?? false;
  const [tokens, setTokens] = useState<Outcome<ApiToken[]> | null>(null);
  const [version, setVersion] = useState(0);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [removing, setRemoving] = useState<ApiToken | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void fetchApiTokens(apiClient()).then((result) => {
      if (current) setTokens(result);
    });
    return () => {
      current = false;
    };
  }, [version]);

  const problem = schemaProblems(ApiTokenCreateSchema, { description }).description ?? null;
  const atLimit = tokens?.ok === true && hasReachedApiKeyLimit(tokens.value.length);

  const create = async () => {
    setTouched(true);
    if (problem || creating) return;
    setCreating(true);
    setCreateError(null);
    const result = await createApiToken(apiClient(), description.trim());
    setCreating(false);
    if (!result.ok) {
      setCreateError(result.message);
      return;
    }
    setCreated(result.value);
    setDescription('');
    setTouched(false);
    setVersion((value) => value + 1);
  };

  const remove = async () => {
    if (!removing) return;
    const result = await deleteApiToken(apiClient(), removing.id);
    if (!result.ok) {
      setRemoveError(result.message);
      return;
    }
    setRemoving(null);
    if (created?.id === removing.id) setCreated(null);
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
        <form
          className="accounts__form"
          aria-label="New API token"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <TextField
            id="token-description"
            label="Description"
            value={description}
            error={touched && description !== '' ? problem : null}
            onChange={(value) => {
              setDescription(value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
          <div className="accounts__actions">
            <button type="submit" className="button button--primary" disabled={creating || problem !== null}>
              Create Token
            </button>
          </div>
          {createError ? (
            <p className="form-footer__error" role="alert">
              {createError}
            </p>
          ) : null}
        </form>
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
        <table className="accounts__table" aria-label="API tokens">
          <thead>
            <tr>
              <th>Description</th>
              <th>Token</th>
              <th>Created</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.value.map((token) => (
              <tr key={token.id} data-testid="token-row">
                <td>{token.description}</td>
                <td className="accounts__secret">{token.token}</td>
                <td>{dateFormat.format(new Date(token.createdDate))}</td>
                <td>
                  <button
                    type="button"
                    className="link accounts__close"
                    aria-label={`Delete ${token.description}`}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(token);
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Delete API Token"
          confirmLabel="Delete"
          error={removeError}
          pending={false}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        >
          <p>Delete the token “{removing.description}”? Anything using it stops working at once.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
