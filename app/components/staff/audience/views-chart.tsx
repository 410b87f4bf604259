import { useEffect, useRef, useState } from 'react';

import { audienceText } from '../../../content/audience';

/**
 * Views per day as a bar chart drawn by Chart.js, a maintained chart library, imported only when
 * this chart mounts (its own chunk, loaded by the audience page alone). The canvas is an image
 * with a label; the same figures are in the table that follows (the text alternative).
 */
export function ViewsChart({ daily }: { daily: ReadonlyArray<{ day: string; views: number }> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('chart.js')
      .then(({ BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
        const chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: daily.map((entry) => entry.day.slice(5).split('-').reverse().join('/')),
            datasets: [
              {
                label: audienceText.columns.views,
                data: daily.map((entry) => entry.views),
                // The theme's brand-700 (app.css); a canvas cannot read CSS variables' names.
                backgroundColor: getComputedStyle(document.documentElement)
                  .getPropertyValue('--color-brand-700')
                  .trim(),
              },
            ],
          },
          options: {
            animation: false,
            maintainAspectRatio: false,
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          },
        });
        destroy = () => chart.destroy();
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [daily]);

  return (
    <div className="mt-4 rounded-card border border-slate-200 bg-white p-4">
      <div className="relative h-64" role="img" aria-label={audienceText.chartLabel(daily.length)}>
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      {state === 'loading' ? (
        <p className="mt-2 text-sm text-slate-700">{audienceText.chartLoading}</p>
      ) : null}
      {state === 'failed' ? (
        <p className="mt-2 text-sm text-slate-700">{audienceText.chartFailed}</p>
      ) : null}
    </div>
  );
}
