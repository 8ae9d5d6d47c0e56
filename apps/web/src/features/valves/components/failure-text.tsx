import { useTranslation } from 'react-i18next';

// The translated text of a failure code (spec part 2 §8: keys ampo.incidenceReview.failure.{code}).
export function FailureText({ code }: { code: number }) {
  const { t } = useTranslation();
  // An unknown code falls back to showing the code itself.
  return (
    <>
      {t(`ampo.incidenceReview.failure.${code}` as 'ampo.incidenceReview.failure.0', {
        defaultValue: String(code),
      })}
    </>
  );
}
