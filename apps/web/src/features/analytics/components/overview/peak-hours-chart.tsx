import type { ConversationStats } from '@lantern/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

type PeakHour = ConversationStats['peak_hours'][number];

/** Conversations by hour of the day: each bar carries its count, and a table repeats them as text. */
export function PeakHoursChart({ peakHours }: { peakHours: PeakHour[] }) {
  const busiest = peakHours.reduce<PeakHour | null>(
    (top, hour) => (!top || hour.conversations > top.conversations ? hour : top),
    null,
  );
  return (
    <Card>
      <CardHeader
        title="Peak hours"
        description={
          busiest ? `Busiest at ${busiest.display_hour} (${busiest.conversations} conversations)` : undefined
        }
      />
      <CardContent>
        <div className="h-64" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
            <BarChart data={peakHours} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="display_hour" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="conversations" name="Conversations" fill="#6366f1">
                <LabelList dataKey="conversations" position="top" fontSize={12} fill="#334155" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Conversations by hour of the day</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Conversations</th>
            </tr>
          </thead>
          <tbody>
            {peakHours.map((hour) => (
              <tr key={hour.hour}>
                <th scope="row">{hour.display_hour}</th>
                <td>{hour.conversations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
