/**
 * The dashboard's charts (chart.js through react-chartjs-2). Only the chart.js parts used here
 * are registered, so the back office's bundle carries no more of it. Each canvas is an image
 * with a label summing up its figures; the table "Figures per day" is the full text alternative.
 */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { TDashboardAnswer, TDashboardSeries } from '@cupido/shared/contracts/dashboard';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip, Legend);

/** Colours that stay apart for colour-blind readers (Okabe-Ito). */
const COLOURS: Record<TDashboardSeries, string> = {
  signups: '#0072B2',
  activations: '#E69F00',
  active_members: '#009E73',
  likes: '#CC79A7',
  messages: '#56B4E9',
  credits_spent: '#D55E00',
  payments: '#F0E442',
};

export const CHARTS: { key: 'members' | 'activity' | 'credits'; series: TDashboardSeries[]; kind: 'line' | 'bar' }[] = [
  { key: 'members', series: ['signups', 'activations', 'active_members'], kind: 'line' },
  { key: 'activity', series: ['likes', 'messages'], kind: 'line' },
  { key: 'credits', series: ['credits_spent'], kind: 'bar' },
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One line or bar per series over the days; `alt` labels the canvas, `tableId` names the table that lists every figure. */
export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
}

export function SeriesChart({
  title,
  labels,
  series,
  kind,
  alt,
  tableId,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  kind: 'line' | 'bar';
  alt: string;
  tableId: string;
}) {
  const chartData = {
    labels,
    datasets: series.map((s) => ({ label: s.label, data: s.values, borderColor: s.colour, backgroundColor: s.colour, tension: 0.2 })),
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { position: 'bottom' as const } },
  };
  const canvasProps = { role: 'img', 'aria-label': alt, 'aria-describedby': tableId };
  return (
    <figure className="card h-100 mb-0">
      <figcaption className="card-header h6 mb-0">{title}</figcaption>
      <div className="card-body" style={{ position: 'relative', height: 260 }}>
        {kind === 'bar' ? (
          <Bar data={chartData} options={options} {...canvasProps} />
        ) : (
          <Line data={chartData} options={options} {...canvasProps} />
        )}
      </div>
    </figure>
  );
}

export function DashboardChart({ chart, data, tableId }: { chart: (typeof CHARTS)[number]; data: TDashboardAnswer; tableId: string }) {
  const { t } = useTranslation('dashboard');
  const title = t(`charts.${chart.key}`);
  const summary = chart.series.map((s) => t('charts.summary_item', { label: t(`series.${s}`), total: sum(data.series[s]) })).join(', ');
  return (
    <SeriesChart
      title={title}
      labels={data.days}
      series={chart.series.map((s) => ({ label: t(`series.${s}`), values: data.series[s], colour: COLOURS[s] }))}
      kind={chart.kind}
      alt={t('charts.alt', { title, from: data.from, to: data.to, summary })}
      tableId={tableId}
    />
  );
}
