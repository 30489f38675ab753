import { conditionDefinitions, conditionTypes } from '@laptops/shared/conditions';
import { conditionsPageMessages as t } from '../../features/products/laptop-page-messages.ts';

/** /conditions: what each grade promises in looks, function and battery. */
export function ConditionsPage() {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{`${t.title} · Laptop Resale`}</title>
      <h1 className="text-3xl font-bold">{t.title}</h1>
      <p className="text-base-content/80">{t.intro}</p>
      {conditionTypes.map((grade) => {
        const definition = conditionDefinitions[grade];
        return (
          <section
            key={grade}
            aria-labelledby={`grade-${grade}`}
            className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <h2 id={`grade-${grade}`} className="text-xl font-bold">
              {grade}
            </h2>
            <p className="mt-1 text-base-content/80">{definition.summary}</p>
            <dl className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold">{t.cosmetic}</dt>
              <dd>{definition.cosmetic}</dd>
              <dt className="font-semibold">{t.function}</dt>
              <dd>{definition.function}</dd>
              <dt className="font-semibold">{t.battery}</dt>
              <dd>{t.batteryMin(definition.minBatteryHealth)}</dd>
            </dl>
          </section>
        );
      })}
      <section aria-labelledby="check-title">
        <h2 id="check-title" className="text-xl font-bold">
          {t.checkTitle}
        </h2>
        <p className="mt-1 text-base-content/80">{t.check}</p>
      </section>
    </article>
  );
}
