import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

import { audienceText } from '#app/content/audience.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * Views per day as a bar chart drawn by Chart.js, a maintained chart library (tree-shaken to
 * the bar chart), in the audience page's route chunk alone. The canvas is an image with a label;
 * the same figures are in the table that follows (the text alternative).
 */
export function ViewsChart({ daily }: { daily: ReadonlyArray<{ day: string; views: number }> }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: daily.map((entry) => entry.day.slice(5).split('-').reverse().join('/')),
        datasets: [
          {
            label: audienceText.columns.views,
            data: daily.map((entry) => entry.views),
            // The theme's brand-700 (app.css): a canvas takes a colour value, not a class.
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
    return () => chart.destroy();
  }, [daily]);

  return (
    <div className="mt-4 rounded-card border border-slate-200 bg-white p-4">
      <div className="relative h-64" role="img" aria-label={audienceText.chartLabel(daily.length)}>
        <canvas ref={canvas} aria-hidden="true" />
      </div>
    </div>
  );
}
