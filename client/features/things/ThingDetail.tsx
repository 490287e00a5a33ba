// The asset detail panel (live §2 "Asset detail panel", route things/{thingId}): back action, names, the status
// block, the Profile block (toggles, fields, R2R and LED actions) and Organization Access. Everything shown comes
// from the live worker's detail of the selected asset, so an edit made anywhere arrives here over the cable.
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { editGate } from '#domain/things/thingControlGates';
import { typeDisplayName } from '#domain/things/thingTypes';
import { subscribedOrganization, permissions } from '../../session/session.ts';
import { selectedThingDetail } from '../../live/thingsStore.ts';
import type { ThingDetailView } from '../../live/pictureProtocol.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ProfileActions, ProfileToggles } from './ProfileControls.tsx';
import { ThingStatusBlock } from './ThingStatusBlock.tsx';
import { useThingCatalog } from './thingCatalog.ts';
import { thingPath } from './thingsPaths.ts';
import { StatusGlyph } from '../../ui/StatusGlyph.tsx';
import { Button } from '../../ui/Button.tsx';
import '../../ui/listRows.css';
import './thingDetail.css';

function Field({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <div className="thing-detail__fact">
      <dt>{label}</dt>
      <dd>
        {value || '—'}
        {children}
      </dd>
    </div>
  );
}

function OrganizationAccess({ detail, mayEdit }: { detail: ThingDetailView; mayEdit: boolean }) {
  const organization = subscribedOrganization.value;
  const managing = detail.relations.filter((relation) => relation.relationType === 'manager');
  const accessing = detail.relations.filter((relation) => relation.relationType === 'accessor');
  const hasPartners =
    detail.relations.length > 0 ||
    (organization !== null && organization.managers.length + organization.accessors.length > 0);
  return (
    <section className="thing-detail__block" aria-labelledby="thing-access-title">
      <header className="thing-detail__block-header">
        <h2 id="thing-access-title">Organization Access</h2>
        {mayEdit && hasPartners ? (
          <Link href={`${thingPath(detail.id)}/edit/associations`} className="button button--small">
            Edit access
          </Link>
        ) : null}
      </header>
      <dl className="thing-detail__facts">
        <Field label="Owner" value={detail.organizationName} />
        <div className="thing-detail__fact">
          <dt>Shared With</dt>
          <dd data-testid="shared-with">
            {detail.relations.length === 0 ? '—' : null}
            {managing.map((relation) => (
              <span key={relation.organizationId} className="thing-detail__relation">
                {relation.organizationName} (Manager)
              </span>
            ))}
            {accessing.map((relation) => (
              <span key={relation.organizationId} className="thing-detail__relation">
                {relation.organizationName} (Accessor)
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Type and Subtype by their catalogue display names (issue 25), not the wire's raw names. */
function TypeFields({ detail }: { detail: ThingDetailView }) {
  const catalog = useThingCatalog();
  const loaded = catalog !== null && !('error' in catalog) ? catalog : null;
  return (
    <>
      <Field label="Type" value={typeDisplayName(detail.thingType, loaded?.types ?? [])} />
      <Field label="Subtype" value={typeDisplayName(detail.thingSubtype, loaded?.subtypes ?? [])} />
    </>
  );
}

/** The detail's way back to the list, the same while it loads and once it shows. */
function BackToAssets({ onBack }: { onBack(): void }) {
  return (
    <Button variant="link" className="thing-detail__back" onClick={onBack} aria-label="Back to assets">
      ‹ Assets
    </Button>
  );
}

export function ThingDetail({ thingId, onBack }: { thingId: string; onBack(): void }) {
  useSignals();
  const detail = selectedThingDetail.value;
  const granted = permissions.value;
  if (detail === null || detail.id !== thingId) {
    return (
      <section className="thing-detail" aria-label="Asset detail">
        <BackToAssets onBack={onBack} />
        <p className="list-panel__message">Loading asset…</p>
      </section>
    );
  }
  const edit = editGate(detail, granted);
  return (
    <section
      className="thing-detail"
      aria-labelledby="thing-detail-title"
      data-testid="thing-detail"
      data-thing-id={detail.id}
    >
      <header className="thing-detail__header">
        <BackToAssets onBack={onBack} />
        <div className="thing-detail__names">
          <h1 id="thing-detail-title" className="thing-detail__primary">
            {detail.primaryDisplayName}
          </h1>
          {detail.secondaryDisplayName ? (
            <p className="thing-detail__secondary">{detail.secondaryDisplayName}</p>
          ) : null}
        </div>
        <StatusGlyph status={detail.status} />
        <span className="thing-detail__status" data-testid="detail-status">
          {detail.statusLabel}
        </span>
      </header>
      <ThingStatusBlock block={detail.statusBlock} />
      <section className="thing-detail__block" aria-labelledby="thing-profile-title">
        <header className="thing-detail__block-header">
          <h2 id="thing-profile-title">Profile</h2>
          {edit.enabled ? (
            <Link
              href={`${thingPath(detail.id)}/edit/profile`}
              className="button button--small"
              aria-label="Edit profile"
              title="Edit profile"
            >
              ⚙ Edit
            </Link>
          ) : null}
        </header>
        <ProfileToggles key={detail.id} detail={detail} gate={edit} />
        <dl className="thing-detail__facts">
          <Field label="Nickname" value={detail.nickname} />
          {detail.deviceType === 'api' ? (
            <Field label="System Id" value={detail.systemId}>
              {' '}
              <CopyButton text={detail.systemId} />
            </Field>
          ) : null}
          <TypeFields detail={detail} />
          <Field label="VIN" value={detail.vinNumber} />
          <Field label="Plate#" value={detail.plateNumber} />
          <Field label="Vehicle Id" value={detail.registryNumber} />
          <Field
            label="Integrations"
            value={detail.integrations
              .map((integration) => `${integration.name} | ${integration.id}`)
              .join(', ')}
          />
        </dl>
        <ProfileActions key={`actions-${detail.id}`} detail={detail} />
      </section>
      <OrganizationAccess detail={detail} mayEdit={edit.enabled} />
    </section>
  );
}
