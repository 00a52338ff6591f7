/**
 * One member (issue 13): the account's state, consents, profile, photos, blocks, credit history,
 * reports by and about them and the moderation decisions about them, with the actions the role
 * may take (member-actions.tsx).
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMemberDetail } from '@cupido/shared/contracts/members-desk';
import { AdminApiError } from '../api';
import { MemberActions } from './member-actions';
import { MemberPayments } from './member-payments';
import { fetchMember, memberKey } from './member-queries';
import { TableScroll } from '../ui/table-scroll';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '–');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A definition list of label and value rows. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <div className="col-12 col-md-6 d-flex flex-wrap gap-2" key={label}>
          <dt className="fw-semibold">{label}</dt>
          <dd className="mb-1 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ caption, head, rows, empty }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="mb-0">{empty}</p>;
  return (
    <TableScroll label={caption}>
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="text-break">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function MemberPage({ member }: { member: TMemberDetail }) {
  const { t } = useTranslation('members');
  const { account, profile } = member;
  const yes = (value: boolean) => (value ? t('member.yes') : t('member.no'));
  const reportRows = (list: TMemberDetail['reports']['filed']) =>
    list.map((r) => [r.id, r.reported_profile_id, r.reporter_user_id ?? '–', r.reason, r.text || '–', r.status, when(r.created_at)]);
  const reportHead = [
    t('reports.id'),
    t('reports.profile'),
    t('reports.reporter'),
    t('reports.reason'),
    t('reports.text'),
    t('reports.status'),
    t('reports.when'),
  ];

  return (
    <>
      <h1 className="h4">{t('member.title', { id: account.id, name: profile?.name ?? t('member.no_name') })}</h1>
      <Section id="sec-account" title={t('sections.account')}>
        <Facts
          rows={[
            [t('account.email'), account.email],
            ...(account.pending_email ? ([[t('account.pending_email'), account.pending_email]] as [string, ReactNode][]) : []),
            [t('account.site'), account.site_name],
            [t('account.status'), <strong key="s">{t(`status.${account.status}`)}</strong>],
            ...(account.suspended_until ? ([[t('account.suspended_until'), when(account.suspended_until)]] as [string, ReactNode][]) : []),
            [t('account.created_at'), when(account.created_at)],
            [t('account.activated_at'), when(account.activated_at)],
            ...(account.deleted_at
              ? ([
                  [t('account.deleted_at'), when(account.deleted_at)],
                  [t('account.delete_reason'), [account.delete_reason, account.delete_remarks].filter(Boolean).join(': ') || '–'],
                ] as [string, ReactNode][])
              : []),
            ...(account.erased_at ? ([[t('account.erased_at'), when(account.erased_at)]] as [string, ReactNode][]) : []),
            [t('account.language'), account.language],
            [t('account.paid_user'), yes(account.paid_user)],
            [t('account.credits'), account.credits],
          ]}
        />
      </Section>

      <Section id="sec-actions" title={t('sections.actions')}>
        <MemberActions account={account} />
      </Section>

      <Section id="sec-consents" title={t('sections.consents')}>
        <Table
          caption={t('sections.consents')}
          head={[t('consents.kind'), t('consents.version'), t('consents.granted'), t('consents.revoked')]}
          rows={member.consents.map((c) => [c.kind, c.version, when(c.granted_at), when(c.revoked_at)])}
          empty={t('member.none')}
        />
      </Section>

      <Section id="sec-profile" title={t('sections.profile')}>
        {profile ? (
          <Facts
            rows={[
              [t('profile.fictional'), yes(profile.is_fictional)],
              [t('profile.status'), profile.status],
              [t('profile.invisible'), yes(profile.invisible)],
              ...Object.entries(profile.fields).map(
                ([key, value]) =>
                  [
                    key.replace(/_/g, ' '),
                    Array.isArray(value) ? value.join(', ') || '–' : value === null || value === '' ? '–' : String(value),
                  ] as [string, ReactNode],
              ),
            ]}
          />
        ) : (
          <p className="mb-0">{t('profile.none')}</p>
        )}
      </Section>

      <Section id="sec-photos" title={t('sections.photos')}>
        {member.photos.length === 0 ? (
          <p className="mb-0">{t('member.none')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
            {member.photos.map((photo) => (
              <li key={photo.id} className="text-center small">
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumb_url}
                    alt={t('photos.alt', { id: photo.id, status: photo.status })}
                    width={96}
                    height={96}
                    className="rounded object-fit-cover"
                  />
                </a>
                <div>
                  {photo.status}
                  {photo.is_main && ` · ${t('photos.main')}`}
                </div>
                <div className="text-body-secondary">{photo.reviewed_at ? t('photos.reviewed') : t('photos.waiting')}</div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="sec-blocks" title={t('sections.blocks')}>
        <p>{t('blocks.received', { count: member.blocks.received_count })}</p>
        <h3 className="h6">{t('blocks.given')}</h3>
        <Table
          caption={t('blocks.given')}
          head={[t('blocks.profile'), t('blocks.since')]}
          rows={member.blocks.given.map((b) => [`${b.name} (${b.profile_id})`, when(b.created_at)])}
          empty={t('member.none')}
        />
      </Section>

      <Section id="sec-credits" title={t('sections.credits')}>
        <p>{t('credits.balance', { balance: member.credits.balance })}</p>
        <Table
          caption={t('sections.credits')}
          head={[
            t('credits.when'),
            t('credits.kind'),
            t('credits.amount'),
            t('credits.balance_after'),
            t('credits.reference'),
            t('credits.note'),
          ]}
          rows={member.credits.entries.map((e) => [
            when(e.created_at),
            e.kind,
            e.amount > 0 ? `+${e.amount}` : e.amount,
            e.balance_after,
            e.reference ?? '–',
            e.note ?? '–',
          ])}
          empty={t('member.none')}
        />
      </Section>

      <Section id="sec-payments" title={t('sections.payments')}>
        <MemberPayments userId={account.id} />
      </Section>

      <Section id="sec-reports-about" title={t('sections.reports_about')}>
        <Table caption={t('sections.reports_about')} head={reportHead} rows={reportRows(member.reports.about)} empty={t('member.none')} />
      </Section>
      <Section id="sec-reports-filed" title={t('sections.reports_filed')}>
        <Table caption={t('sections.reports_filed')} head={reportHead} rows={reportRows(member.reports.filed)} empty={t('member.none')} />
      </Section>

      <Section id="sec-decisions" title={t('sections.decisions')}>
        <Table
          caption={t('sections.decisions')}
          head={[
            t('decisions.id'),
            t('decisions.action'),
            t('decisions.ground'),
            t('decisions.facts'),
            t('decisions.staff'),
            t('decisions.when'),
          ]}
          rows={member.decisions.map((d) => [
            d.id,
            d.action + (d.suspended_until ? ` (${when(d.suspended_until)})` : ''),
            d.ground,
            d.facts,
            d.decided_by_staff_id,
            when(d.created_at),
          ])}
          empty={t('member.none')}
        />
      </Section>
    </>
  );
}

export function Component() {
  const { t } = useTranslation('members');
  const { t: common } = useTranslation('common');
  const id = Number(useParams().id);
  const member = useQuery({ queryKey: memberKey(id), queryFn: () => fetchMember(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">← {t('member.back')}</Link>
      </p>
      {member.isPending && <p role="status">{common('loading')}</p>}
      {member.isError && (
        <p role="alert">
          {member.error instanceof AdminApiError && member.error.status === 404 ? t('member.not_found') : t('member.load_error')}
        </p>
      )}
      {member.data && <MemberPage member={member.data} />}
    </>
  );
}
