import { usePageTitle } from '../page-title/use-page-title';
import { useMemo, type ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { TFunction } from 'i18next';
import type { StaticPageSlug } from '@cupido/shared/rules/routes';
import { i18n } from '../../i18n/i18n';
import { useLocale } from '../locale/use-locale';
import { useSettings } from '../site/use-settings';
import { useCompanyInfo } from '../site/use-company-info';
import { FictionalBadge } from '../navigation/fictional-badge';
import { PAGES_NS, pageStructure, usePagesTexts } from './page-texts';
import { pageValues, type PageValues } from './page-values';
import { withContactLinks, type ContactLinks } from './contact-links';
import './static-page.scss';

/** Long legal pages get a table of contents; short ones do not need it. */
const TABLE_OF_CONTENTS_FROM_SECTIONS = 7;

/** Sections that explain fictional profiles show the site's own badge, so readers learn to spot it. */
const SHOWS_FICTIONAL_BADGE = new Set(['fictional']);

type Block = { kind: 'paragraph'; key: string } | { kind: 'list'; keys: string[] };

/** A section's paragraph keys (p1, p2…) and list-item keys (li1, li2…), consecutive items grouped in one list. */
function sectionBlocks(section: Record<string, string>): Block[] {
  const blocks: Block[] = [];
  for (const key of Object.keys(section)) {
    if (key === 'heading') continue;
    const last = blocks[blocks.length - 1];
    if (!key.startsWith('li')) blocks.push({ kind: 'paragraph', key });
    else if (last?.kind === 'list') last.keys.push(key);
    else blocks.push({ kind: 'list', keys: [key] });
  }
  return blocks;
}

function PageLoading() {
  const { locale } = useLocale();
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{i18n.getFixedT(locale, PAGES_NS)('common.loading')}</span>
      </Spinner>
    </div>
  );
}

interface SectionProps {
  slug: StaticPageSlug;
  id: string;
  t: TFunction;
  values: PageValues;
  contact: ContactLinks;
}

function SectionBody({ slug, id, t, values, contact }: SectionProps) {
  const text = (key: string): ReactNode => withContactLinks(t(`${slug}.sections.${id}.${key}`, values), contact);
  const blocks = sectionBlocks(pageStructure(slug).sections[id] ?? {});
  return (
    <>
      {blocks.map((block) =>
        block.kind === 'paragraph' ? (
          <p key={block.key}>{text(block.key)}</p>
        ) : (
          <ul key={block.keys[0]}>
            {block.keys.map((key) => (
              <li key={key}>{text(key)}</li>
            ))}
          </ul>
        ),
      )}
      {SHOWS_FICTIONAL_BADGE.has(id) && (
        <p>
          <FictionalBadge />
        </p>
      )}
    </>
  );
}

/** One of the static pages (/pages/terms, /pages/faq…), in the active locale, with the site's own data filled in. */
export default function StaticPage({ slug }: { slug: StaticPageSlug }) {
  const { locale } = useLocale();
  const settings = useSettings();
  const companyInfo = useCompanyInfo();
  const textsReady = usePagesTexts();
  const t = useMemo(() => i18n.getFixedT(locale, PAGES_NS), [locale]);
  const structure = pageStructure(slug);
  const title = t(`${slug}.title`);

  usePageTitle(title, t(`${slug}.description`, { site: settings.name }));

  const company = companyInfo.data;
  const values = useMemo(() => (company ? pageValues(settings, company, locale) : null), [settings, company, locale]);

  if (companyInfo.isError && !company) {
    return (
      <div className="container py-4">
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('common.companyInfoError')}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void companyInfo.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (!textsReady || !values) return <PageLoading />;

  const contact: ContactLinks = { email: settings.support_email, phone: String(values.supportPhone) };
  const sectionIds = Object.keys(structure.sections);
  const headingId = (id: string) => `${slug}-${id}`;

  return (
    <div className="container py-4">
      <article className="static-page" lang={locale} aria-labelledby="static-page-title">
        <header className="mb-4">
          <h1 id="static-page-title">{title}</h1>
          {structure.version && <p className="text-body-secondary">{t(`${slug}.version`, values)}</p>}
          {structure.intro && <p className="lead">{withContactLinks(t(`${slug}.intro`, values), contact)}</p>}
        </header>

        {slug !== 'faq' && sectionIds.length >= TABLE_OF_CONTENTS_FROM_SECTIONS && (
          <nav className="static-page-contents mb-4" aria-label={t('common.contents')}>
            <p className="fw-semibold mb-1">{t('common.contents')}</p>
            <ol className="mb-0">
              {sectionIds.map((id) => (
                <li key={id}>
                  <a href={`#${headingId(id)}`}>{t(`${slug}.sections.${id}.heading`, values)}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}

        {slug === 'faq' ? (
          <Accordion alwaysOpen>
            {sectionIds.map((id) => (
              <Accordion.Item key={id} eventKey={id} id={headingId(id)}>
                <Accordion.Header as="h2">{t(`faq.sections.${id}.heading`, values)}</Accordion.Header>
                <Accordion.Body>
                  <SectionBody slug={slug} id={id} t={t} values={values} contact={contact} />
                </Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : (
          sectionIds.map((id) => (
            <section key={id} aria-labelledby={headingId(id)} className="mb-4">
              <h2 id={headingId(id)} className="h4">
                {t(`${slug}.sections.${id}.heading`, values)}
              </h2>
              <SectionBody slug={slug} id={id} t={t} values={values} contact={contact} />
            </section>
          ))
        )}
      </article>
    </div>
  );
}
