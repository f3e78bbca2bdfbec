import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { listErrorMessage } from '../crud';
import { showErrorDialog, toast } from '../lib/alerts';
import { PageContainer } from './page-container';

export interface QueuePageTexts {
  title: string;
  intro: string;
  loading: string;
  loadError: string;
  empty: string;
}

/**
 * A screen of things clients sent that wait for staff (vaccine cards, deposits to verify): what
 * it is about, then one card per item, the oldest first, or why there are none.
 */
export function QueuePage<Row>({
  texts,
  list,
  children,
}: {
  texts: QueuePageTexts;
  list: UseQueryResult<Row[]>;
  /** The cards of the rows, with their dialogs. */
  children(rows: Row[]): ReactNode;
}) {
  const rows = list.data;
  return (
    <PageContainer title={texts.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {texts.intro}
      </Typography>
      {list.isFetching && <LinearProgress aria-label={texts.loading} sx={{ mb: 2 }} />}
      {list.isError ? (
        <Alert severity="warning">{listErrorMessage(list.error, texts.loadError)}</Alert>
      ) : rows && rows.length === 0 ? (
        <Alert severity="info">{texts.empty}</Alert>
      ) : (
        <Stack spacing={2} aria-busy={list.isFetching}>
          {children(rows ?? [])}
        </Stack>
      )}
    </PageContainer>
  );
}

/**
 * One answer at a time to a queue's item: which is being answered, and the answer sent with the
 * server's message, or its error, before the queue is read again.
 */
export function useQueueAnswer(errorTitle: string, refresh: () => Promise<unknown>) {
  const [answering, setAnswering] = useState<number | null>(null);
  const answer = async (id: number, send: () => Promise<{ message?: string | null }>) => {
    setAnswering(id);
    try {
      const { message } = await send();
      if (message) toast.success(message);
    } catch (error) {
      await showErrorDialog(errorTitle, error);
    } finally {
      setAnswering(null);
      await refresh();
    }
  };
  return { answering, answer };
}
