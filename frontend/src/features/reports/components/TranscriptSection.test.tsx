import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import { NEVER_LEAVES, TRANSCRIPT_FAILED, TranscriptSection } from './TranscriptSection';

const waiting = (state: string) => ({ state, text: '', words: [], recogniser: '', transcribedAt: '' });

describe('a call transcript', () => {
  test('shows loading, then the lines heard, who heard them and that the audio stayed here', async () => {
    stubApi({
      '/api/reports/getTranscript/7': () =>
        jsonResponse({
          state: 'ready',
          text: 'thursday at ten\nthank you',
          words: [],
          recogniser: 'our basic offline speech recogniser',
          transcribedAt: '23/11/2026 10:00 GMT',
        }),
    });
    render(<TranscriptSection callId={7} />);
    expect(screen.getByText('Loading the transcript…')).toBeInTheDocument();
    expect(await screen.findByText('thursday at ten')).toBeInTheDocument();
    expect(screen.getByText('thank you')).toBeInTheDocument();
    expect(screen.getByText(/Transcribed 23\/11\/2026 10:00 GMT by our basic offline speech recogniser/)).toBeInTheDocument();
    expect(screen.getByText(NEVER_LEAVES)).toBeInTheDocument();
  });

  test('says when a transcript is still to come, empty, not part of the plan or could not be loaded', async () => {
    const cases: [number, unknown, RegExp | string][] = [
      [1, waiting('pending'), /Not transcribed yet/],
      [2, { ...waiting('ready'), recogniser: 'pocketsphinx' }, 'No speech was heard in this recording.'],
      [3, waiting('notIncluded'), /come with speech analytics/],
      [4, waiting('failed'), 'This recording could not be transcribed.'],
      [6, waiting('outsideTrialAllowance'), /trial transcribes the first recorded calls of each day/],
    ];
    for (const [id, answer, shown] of cases) {
      stubApi({ [`/api/reports/getTranscript/${id}`]: () => jsonResponse(answer) });
      const { unmount } = render(<TranscriptSection callId={id} />);
      expect(await screen.findByText(shown)).toBeInTheDocument();
      unmount();
    }
    stubApi({ '/api/reports/getTranscript/5': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403) });
    render(<TranscriptSection callId={5} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(TRANSCRIPT_FAILED);
  });
});
