import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { audienceText as text, formatConversion, pageTitle } from '#app/content/audience.ts';
import {
  AUDIENCE_API,
  AUDIENCE_PERIODS,
  NO_REFERRER,
  OTHER_REFERRERS,
  type AudienceReport,
} from '#contracts/audience/aggregates.ts';
import { ScrollTable } from '#app/components/staff/scroll-table.tsx';
import { ViewsChart } from './views-chart.tsx';

/** `2026-06-15` → `15/06/2026`. */
function frenchDay(day: string): string {
  return day.split('-').reverse().join('/');
}

function sourceLabel(source: string): string {
  if (source === NO_REFERRER) return text.noReferrer;
  if (source === OTHER_REFERRERS) return text.otherSources;
  return source;
}

/** A table whose first column names the row and the others are figures. */
function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollTable
      caption={caption}
      columns={columns.map((label, index) => ({ label, numeric: index > 0 }))}
    >
      {children}
    </ScrollTable>
  );
}

function Row({ head, cells }: { head: ReactNode; cells: readonly (string | number)[] }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-medium">
        {head}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-brand-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The periods the page can show, and the CSV export of the one shown. */
function PeriodNav({ days }: { days: AudienceReport['days'] }) {
  return (
    <nav aria-label={text.periodLabel} className="mt-6 flex flex-wrap items-center gap-2">
      {AUDIENCE_PERIODS.map((period) => (
        <Link
          key={period}
          to={`?jours=${period}`}
          aria-current={period === days ? 'page' : undefined}
          className={
            period === days
              ? 'inline-flex min-h-11 items-center rounded-control bg-brand-800 px-4 font-semibold text-white'
              : 'inline-flex min-h-11 items-center rounded-control border border-slate-300 bg-white px-4 font-semibold text-brand-900 underline'
          }
        >
          {text.period(period)}
        </Link>
      ))}
      <a
        href={`${AUDIENCE_API.exportCsv}?jours=${days}`}
        download
        className="inline-flex min-h-11 items-center rounded-control border border-brand-800 bg-white px-4 font-semibold text-brand-900"
      >
        {text.exportCsv}
      </a>
    </nav>
  );
}

/** The chart of the views per day, and the table of the days with a visit. */
function DailySection({ report }: { report: AudienceReport }) {
  const c = text.columns;
  // The days without a visit say nothing in the table (the chart shows them).
  const visited = report.daily.filter((entry) => entry.views > 0 || entry.entries > 0);
  return (
    <Section id="audience-chart-title" title={text.chartTitle}>
      <ViewsChart daily={report.daily} />
      {visited.length === 0 ? (
        <p className="mt-4 text-slate-700">{text.noVisit}</p>
      ) : (
        <Table caption={text.dailyCaption} columns={[c.day, c.views, c.entries]}>
          {visited.map((entry) => (
            <Row key={entry.day} head={frenchDay(entry.day)} cells={[entry.views, entry.entries]} />
          ))}
        </Table>
      )}
    </Section>
  );
}

/** Per page: views, entries, requests and conversion (the pages with nothing counted left out). */
function PagesSection({ report }: { report: AudienceReport }) {
  const c = text.columns;
  const pages = report.pages.filter((row) => row.views > 0 || row.entries > 0 || row.requests > 0);
  return (
    <Section id="audience-pages-title" title={text.pagesTitle}>
      {pages.length === 0 ? (
        <p className="mt-4 text-slate-700">{text.noData}</p>
      ) : (
        <>
          <Table
            caption={text.pagesCaption}
            columns={[c.page, c.views, c.entries, c.requests, c.conversion]}
          >
            {pages.map((row) => (
              <Row
                key={row.page}
                head={
                  <>
                    {pageTitle(row.page)}
                    <span className="block text-sm font-normal break-all text-slate-700">
                      {row.page}
                    </span>
                  </>
                }
                cells={[row.views, row.entries, row.requests, formatConversion(row)]}
              />
            ))}
          </Table>
          <p className="mt-2 max-w-prose text-sm text-slate-700">{text.conversionHelp}</p>
          <p className="mt-2 max-w-prose text-sm text-slate-700">{text.uncountedHelp}</p>
        </>
      )}
    </Section>
  );
}

/** Sources and devices side by side on a wide screen (the devices with no view left out). */
function SourcesAndDevices({ report }: { report: AudienceReport }) {
  const c = text.columns;
  const devices = report.devices.filter((row) => row.views > 0);
  return (
    <div className="grid gap-x-8 lg:grid-cols-2">
      <Section id="audience-sources-title" title={text.sourcesTitle}>
        <Table caption={text.sourcesCaption} columns={[c.source, c.entries]}>
          {report.sources.map((row) => (
            <Row key={row.source} head={sourceLabel(row.source)} cells={[row.entries]} />
          ))}
        </Table>
      </Section>
      <Section id="audience-devices-title" title={text.devicesTitle}>
        {devices.length === 0 ? (
          <p className="mt-4 text-slate-700">{text.noVisit}</p>
        ) : (
          <Table caption={text.devicesCaption} columns={[c.device, c.views]}>
            {devices.map((row) => (
              <Row key={row.device} head={text.devices[row.device]} cells={[row.views]} />
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}

/** The audience page: the chart, its table, per page, sources, devices, campaigns, the export. */
export function AudienceScreen({ report }: { report: AudienceReport }) {
  const c = text.columns;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">{text.title}</h1>
      <p className="mt-3 max-w-prose text-slate-700">{text.intro}</p>

      <PeriodNav days={report.days} />
      <p className="mt-3 text-sm text-slate-700">
        {text.range(frenchDay(report.from), frenchDay(report.to))}
      </p>

      <DailySection report={report} />
      <PagesSection report={report} />
      <SourcesAndDevices report={report} />

      {report.campaigns.length > 0 ? (
        <Section id="audience-campaigns-title" title={text.campaignsTitle}>
          <Table caption={text.campaignsCaption} columns={[c.campaign, c.entries]}>
            {report.campaigns.map((row) => (
              <Row key={row.campaign} head={sourceLabel(row.campaign)} cells={[row.entries]} />
            ))}
          </Table>
        </Section>
      ) : null}
    </div>
  );
}
