import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/index.ts';
import { dateTimeFormat } from '../../intl.ts';

// Chart.js on a canvas, only the parts a bar chart uses (the rest stays out of the
// page's chunk). A canvas draws 30 days of three series in a few milliseconds,
// where an SVG chart library spent some 200 ms building and measuring elements.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

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

/** "2026-11-27" → "27 Nov", the UTC day the API counted it on. */
const dayLabel = (date: string) => dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

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
        <BarCanvas series={series} data={data} />
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

/**
 * The bars, drawn once per change of data: `data-drawn` on the canvas says the
 * first drawing is done (what the tests and bench:dashboard wait for).
 */
function BarCanvas<K extends string>({ series, data }: Pick<DailyChartProps<K>, 'series' | 'data'>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const chart = new Chart(element, {
      type: 'bar',
      data: {
        labels: data.map((day) => dayLabel(day.date)),
        datasets: series.map((s) => ({ label: s.label, data: data.map((day) => day[s.key]), backgroundColor: s.color })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        responsive: true,
        // A label every 7th day, fixed: nothing is measured to decide which fit.
        scales: {
          x: {
            grid: { display: false },
            ticks: { autoSkip: false, maxRotation: 0, color: '#444', callback: (_, index) => (index % 7 === 0 ? dayLabel(data[index]!.date) : '') },
          },
          y: { beginAtZero: true, ticks: { precision: 0, color: '#444' } },
        },
        plugins: { legend: { position: 'bottom', labels: { color: '#222', boxWidth: 12 } } },
      },
      plugins: [{ id: 'drawn', afterRender: (c) => c.canvas.setAttribute('data-drawn', 'true') }],
    });
    return () => chart.destroy();
  }, [series, data]);
  return (
    <div className="daily-chart-canvas">
      <canvas ref={canvas} />
    </div>
  );
}
