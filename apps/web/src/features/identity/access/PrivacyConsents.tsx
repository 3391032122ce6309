import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@auction/contracts';
import { consentsGiven } from '../../../session/guards.js';
import type { ConsentAnswers } from './account-api.js';
import { InformativeDialog } from '../private/PrivateDialogs.js';
import type { InformativeCode } from '../private/private-links.js';

const CONSENTS = ['consent1', 'consent2', 'consent3'] as const;
type ConsentKey = (typeof CONSENTS)[number];
type Answers = Record<ConsentKey, boolean | null>;
/** The full text behind a consent, in the informative dialog: the privacy policy ("1") and the terms ("2"). */
const READ: Partial<Record<ConsentKey, { readonly code: InformativeCode; readonly labelKey: string }>> = {
  consent1: { code: '1', labelKey: 'privatePages:privacy.openPrivacy' },
  consent2: { code: '2', labelKey: 'privatePages:privacy.openTerms' },
};

/** The answers a profile already holds: `true` is shown as given; anything else is asked again. */
function initialAnswers(profile: UserProfile | null): Answers {
  return { consent1: profile?.consent1 === true ? true : null, consent2: profile?.consent2 === true ? true : null, consent3: profile?.consent3 === true ? true : null };
}

/**
 * The three consents of the privacy page (spec 01 §4, §5): agree or disagree, all three mandatory. `onSave` sends
 * them; when all three are given the page continues, else it says the private area needs them.
 */
export function PrivacyConsents(props: {
  readonly profile: UserProfile | null;
  readonly onSave: (answers: ConsentAnswers) => Promise<UserProfile | null>;
  readonly onContinue: () => void;
}) {
  const { t } = useTranslation('account');
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(props.profile));
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [notAll, setNotAll] = useState(false);
  const [reading, setReading] = useState<InformativeCode | null>(null);
  const complete = CONSENTS.every((c) => answers[c] !== null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (!complete || sending) return;
    setSending(true);
    try {
      const saved = await props.onSave({ consent1: answers.consent1!, consent2: answers.consent2!, consent3: answers.consent3! });
      if (saved && consentsGiven(saved)) props.onContinue();
      else setNotAll(true);
    } catch {
      // The interceptor showed why; the answers stay for another try.
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-describedby="privacy-intro" data-testid="privacy-form">
      <p id="privacy-intro">{t('privacy.intro')}</p>
      {CONSENTS.map((c) => {
        const missing = attempted && answers[c] === null;
        return (
          <fieldset key={c} className="consent" aria-invalid={missing ? true : undefined} aria-describedby={missing ? `${c}-error` : undefined} data-testid={`privacy-${c}`}>
            <legend>{t(`privacy.${c}`)}</legend>
            <div className="choices">
              {([true, false] as const).map((value) => (
                <label key={String(value)} className="choice">
                  <input
                    type="radio" name={c} value={value ? 'agree' : 'disagree'} checked={answers[c] === value} required
                    onChange={() => { setAnswers({ ...answers, [c]: value }); setNotAll(false); }}
                    data-testid={`privacy-${c}-${value ? 'agree' : 'disagree'}`}
                  />
                  {t(value ? 'privacy.agree' : 'privacy.disagree')}
                </label>
              ))}
            </div>
            {READ[c] && (
              <button type="button" className="btn btn-ghost" onClick={() => setReading(READ[c]!.code)} data-testid={`privacy-read-${READ[c]!.code}`}>
                {t(READ[c]!.labelKey)}
              </button>
            )}
            {missing && <p className="form-error" id={`${c}-error`}>{t('privacy.required')}</p>}
          </fieldset>
        );
      })}
      {notAll && <p className="form-error" role="alert" data-testid="privacy-not-all">{t('privacy.allNeeded')}</p>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="privacy-submit">{t('privacy.submit')}</button>
      </div>
      {reading && <InformativeDialog code={reading} onClose={() => setReading(null)} />}
    </form>
  );
}
