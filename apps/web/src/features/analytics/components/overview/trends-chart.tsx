import { trendTone, type ConversationStats } from '@lantern/contracts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { ToneBadge } from '../tone';
import { percent } from '../figures';

type Trend = ConversationStats['trends'][number];
const RECENT_DAYS = 7;

/**
 * Conversations and conversions per date as bars, the conversion rate as a line on its own axis.
 * Told apart by shape (bars, a dashed line) and by the legend's words, not colour alone; the same
 * numbers are in a table for screen readers.
 */
export function TrendsChart({ trends }: { trends: Trend[] }) {
  const recent = trends.slice(-RECENT_DAYS);
  return (
    <Card>
      <CardHeader title="Trends" description="Conversations, conversions and conversion rate per day" />
      <CardContent>
        <div className="h-72" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
            <ComposedChart data={trends} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={formatDate} tick={{ fontSize: 12 }} />
              <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis yAxisId="rate" orientation="right" unit="%" tick={{ fontSize: 12 }} />
              <Tooltip labelFormatter={(date) => formatDate(String(date))} />
              <Legend />
              <Bar yAxisId="count" dataKey="conversations" name="Conversations" fill="#818cf8" />
              <Bar yAxisId="count" dataKey="conversions" name="Conversions" fill="#047857" />
              <Line
                yAxisId="rate"
                dataKey="conversion_rate"
                name="Conversion rate (%)"
                stroke="#b45309"
                strokeWidth={2}
                strokeDasharray="6 3"
                dot={{ r: 3 }}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Trends per day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Conversations</th>
              <th scope="col">Conversions</th>
              <th scope="col">Conversion rate</th>
            </tr>
          </thead>
          <tbody>
            {trends.map((trend) => (
              <tr key={trend.date}>
                <th scope="row">{formatDate(trend.date)}</th>
                <td>{trend.conversations}</td>
                <td>{trend.conversions}</td>
                <td>{percent(trend.conversion_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Last 7 Days</h3>
        <ul
          className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7"
          aria-label="Conversion rate, last 7 days"
        >
          {recent.map((trend) => (
            <li key={trend.date} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <p className="text-xs text-slate-600">{formatDate(trend.date)}</p>
              <p className="mt-1 text-slate-900 tabular-nums">
                {trend.conversions}/{trend.conversations}
              </p>
              <ToneBadge tone={trendTone(trend.conversion_rate)} className="mt-1">
                {percent(trend.conversion_rate)}
              </ToneBadge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
