import { Button, Card, CloseButton, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConsole } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import {
  CONSOLE_SURVEY_ID,
  hasRealUse,
  neverShowAgain,
  readUsage,
  recordShown,
  sendFeedback,
} from './feedback-api';

type Phase = 'waiting' | 'asking' | 'thanks' | 'gone';

const SCORES = ['1', '2', '3', '4', '5'];

/**
 * Whether the prompt shows: decided once, when the profile first arrives, and the display recorded
 * at once (`given` empty) so that it appears at most once per survey id.
 */
function usePromptPhase(surveyId: string) {
  const consoleApi = useConsole();
  const me = useServerData('me', (api) => api.me());
  const usage = useServerData('getting-started', (api, signal) => readUsage(api, signal));
  const used = usage.data ? hasRealUse(usage.data) : false;
  const [phase, setPhase] = useState<Phase>('waiting');

  const feedback = me.data?.feedback;
  // Decided once, when the profile first arrives: later answers (our own record) do not hide it.
  useEffect(() => {
    if (phase !== 'waiting' || !feedback || me.fromCache || !used) return;
    if (feedback.some((entry) => entry.feedbackId === surveyId)) {
      setPhase('gone');
      return;
    }
    setPhase('asking');
    void recordShown(consoleApi.api(), surveyId).catch(() => undefined);
  }, [phase, feedback, me.fromCache, used, surveyId, consoleApi]);

  return { phase, setPhase };
}

function ThanksCard({ onClose }: { onClose: () => void }) {
  return (
    <Card withBorder mb="md" role="status">
      <Group justify="space-between">
        <Text size="sm">Thank you: your feedback reached the team.</Text>
        <CloseButton aria-label="Close" onClick={onClose} />
      </Group>
    </Card>
  );
}

function ScoreField({ score, onChange }: { score: string | null; onChange: (score: string) => void }) {
  return (
    <div>
      <Text size="sm" id="feedback-score-label">
        How easy is it to use? (1 hard, 5 easy)
      </Text>
      <SegmentedControl
        aria-labelledby="feedback-score-label"
        data={SCORES}
        value={score ?? ''}
        onChange={onChange}
      />
    </div>
  );
}

/** The questions; `onSent` once the answer is recorded. */
function FeedbackForm({
  surveyId,
  onDismiss,
  onSent,
}: {
  surveyId: string;
  onDismiss: () => void;
  onSent: () => void;
}) {
  const consoleApi = useConsole();
  const [positive, setPositive] = useState('');
  const [improve, setImprove] = useState('');
  const [score, setScore] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await sendFeedback(consoleApi.api(), surveyId, {
        positive: positive.trim() || null,
        areasForImprovement: improve.trim() || null,
        difficultyScore: score === null ? null : Number(score),
      });
      onSent();
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder mb="md" component="section" aria-labelledby="feedback-prompt-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id="feedback-prompt-title">
            How is Switchyard working for you?
          </Text>
          <CloseButton aria-label="Don't ask me again" onClick={onDismiss} />
        </Group>
        <Text size="sm" c="dimmed">
          Asked once. Close this and it will not come back.
        </Text>
        <ScoreField score={score} onChange={setScore} />
        <Textarea
          label="What works well?"
          value={positive}
          onChange={(e) => setPositive(e.currentTarget.value)}
          maxLength={10_000}
          rows={2}
        />
        <Textarea
          label="What should improve?"
          value={improve}
          onChange={(e) => setImprove(e.currentTarget.value)}
          maxLength={10_000}
          rows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDismiss}>
            No thanks
          </Button>
          <Button
            onClick={() => void send()}
            loading={sending}
            disabled={!positive.trim() && !improve.trim() && score === null}
          >
            Send feedback
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A feedback prompt that never nags (issue 19): shown only after real use (issue 33: a few flags
 * and changes, see REAL_USE) to a user with no answer recorded for the survey, and that display is recorded at once (`given` empty), so it appears at most once
 * per survey id. Closing it records `neverShow`, as Unleash's console does; sending records the
 * answer as given.
 */
export function FeedbackPrompt({ surveyId = CONSOLE_SURVEY_ID }: { surveyId?: string }) {
  const consoleApi = useConsole();
  const { phase, setPhase } = usePromptPhase(surveyId);

  if (phase === 'waiting' || phase === 'gone') return null;
  if (phase === 'thanks') return <ThanksCard onClose={() => setPhase('gone')} />;

  const dismiss = () => {
    setPhase('gone');
    void neverShowAgain(consoleApi.api(), surveyId).catch(() => undefined);
  };
  return <FeedbackForm surveyId={surveyId} onDismiss={dismiss} onSent={() => setPhase('thanks')} />;
}
