import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../components/index.ts';

/** One counted kind of event, as a chart draws it and its table heads it. */
export interface Series<K extends string> {
  key: K;
  label: string;
  /** A colour that keeps 3:1 against white and differs from its neighbours' in lightness too. */
  color: string;
}

export interface DailyChartProps<K extends string> {
  title: string;
  series: readonly Series<K>[];
  /** One entry per day, oldest first: its date (YYYY-MM-DD) and a count per series. */
  data: readonly ({ date: string } & Record<K, number>)[];
}

/** One formatter for every label: building one per call (toLocaleDateString) cost more than drawing the bars. */
const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "2026-11-27" → "27 Nov", the UTC day the API counted it on. */
const dayLabel = (date: string) => DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));

/**
 * Counts per day as bars, with the same numbers as a table: the table is its
 * text alternative (read by a screen reader always, the chart is hidden from
 * it), shown to the eye too by the button under the chart.
 */
export function DailyChart<K extends string>({ title, series, data }: DailyChartProps<K>) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <figure className="daily-chart" aria-labelledby={headingId}>
      <h3 id={headingId} className="daily-chart-title">
        {title}
      </h3>
      <div className="daily-chart-plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data as ({ date: string } & Record<K, number>)[]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {/* A label every 7th day, fixed: recharts then measures no label to decide which fit (which it does in the DOM, slowly). */}
            <XAxis dataKey="date" tickFormatter={dayLabel} interval={6} tick={{ fill: '#444', fontSize: 12 }} />
            <YAxis allowDecimals={false} width={56} tick={{ fill: '#444', fontSize: 12 }} />
            <Tooltip labelFormatter={(date) => dayLabel(String(date))} itemSorter={() => 0} />
            <Legend itemSorter={null} />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Button variant="quiet" onPress={() => setShowTable((shown) => !shown)}>
        {showTable ? 'Hide the table' : 'Show as a table'}
      </Button>
      <div className={showTable ? 'table-scroll daily-chart-table' : 'visually-hidden'}>
        <table className="table">
          <caption className="visually-hidden">{title}, per day</caption>
          <thead>
            <tr>
              <th scope="col" className="table-column">
                Day
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="table-column numeric">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="table-cell">
                  <time dateTime={day.date}>{dayLabel(day.date)}</time>
                </th>
                {series.map((s) => (
                  <td key={s.key} className="table-cell numeric">
                    {day[s.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
