import type { Section } from '#domain/session/routeGates';

const SECTION_TITLES: Record<Section, string> = {
  things: 'Live',
  events: 'Events',
  areas: 'Areas',
  closures: 'Closures',
  zones: 'Zones',
  trips: 'Trips',
  r2r: 'Run-to-run (R2R)',
  hazards: 'Hazards',
  data: 'Data',
  accounts: 'Accounts',
  sharing: 'Mutual Aid Sharing',
  alarms: 'Alarms',
};

/** A gated route whose screen a later issue builds: it names the section and says so, nothing more. */
export function SectionPlaceholder({
  section,
  title,
  path,
}: {
  section: Section;
  title?: string;
  path: string;
}) {
  const name = title ?? SECTION_TITLES[section];
  return (
    <section className="section-placeholder" data-testid="section-placeholder" data-section={section}>
      <h1 className="section-placeholder__title">{name}</h1>
      <p>
        The {name} screen is not built yet: it comes with its own issue. You may open this page, so the link
        and its permission gate are in place.
      </p>
      <p className="section-placeholder__path">{path}</p>
    </section>
  );
}
