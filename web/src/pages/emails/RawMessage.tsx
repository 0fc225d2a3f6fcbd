import type { Bytes } from '@mailgate/sdk';
import { useQuery } from '@tanstack/react-query';
import { ApiError, mailgate } from '../../api.ts';
import { Button, ErrorMessage } from '../../components/index.ts';
import { Loading } from '../../layout/Loading.tsx';
import { parseHeaders } from './headers.ts';

/** The finished message as it went out, or `null` when the server did not keep it (a relay delivered it; a fixture address; Mailgate's own mail). */
export function useRawMessage(id: string) {
  return useQuery({
    queryKey: ['emails', 'raw', id],
    queryFn: async ({ signal }): Promise<Bytes | null> => {
      const { data, error } = await mailgate.emails.raw(id, { signal });
      if (error?.code === 'RAW_NOT_KEPT') return null;
      if (error) throw new ApiError(error);
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Save the message as a file (id.eml), from the bytes already fetched: no second request, no link to follow. */
export function downloadMessage(id: string, raw: Bytes): void {
  const url = URL.createObjectURL(new Blob([raw.content as Uint8Array<ArrayBuffer>], { type: 'message/rfc822' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = raw.filename ?? `${id}.eml`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; revoke it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The headers of the message as it went out, and its download; or why there are none. */
export function RawMessage({ id }: { id: string }) {
  const raw = useRawMessage(id);
  if (raw.isPending) return <Loading label="Loading the headers…" />;
  if (raw.isError)
    return (
      <ErrorMessage error={raw.error} title="The message could not be loaded.">
        <Button onPress={() => raw.refetch()}>Try again</Button>
      </ErrorMessage>
    );
  if (raw.data === null)
    return <p>The finished message was not kept (the server keeps it only when it delivers with its capture transport), so its headers cannot be shown.</p>;
  const message = raw.data;
  const headers = parseHeaders(message.content);
  return (
    <>
      <Button onPress={() => downloadMessage(id, message)}>Download the message (.eml)</Button>
      <dl className="headers">
        {headers.map((header, i) => (
          // Headers repeat (Received, DKIM-Signature): their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this message
          <div key={i}>
            <dt>{header.name}</dt>
            <dd>{header.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
