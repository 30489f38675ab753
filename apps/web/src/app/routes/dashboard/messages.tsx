import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConversations } from '../../../features/conversations/api/get-conversations.ts';
import { ConversationList } from '../../../features/conversations/components/conversation-list.tsx';
import { conversationMessages as t } from '../../../features/conversations/messages.ts';

/** /dashboard/messages: the signed-in person's conversations, latest first. */
export function MessagesPage() {
  const conversations = useConversations();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.inboxTitle}</h1>
      {conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <div role="alert" className="alert alert-error">
          <span>{t.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => void conversations.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <ConversationList conversations={conversations.data} />
      )}
    </section>
  );
}
