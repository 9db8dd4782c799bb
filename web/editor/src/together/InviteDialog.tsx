// "Пригласить": the owner picks a role, makes an invitation and copies its link; the book's people are listed with
// their roles, which the owner changes or takes away. Members see the list only.
import { useEffect, useState } from 'react';
import { Dialog } from '../Dialogs';
import { changeRole, initialsOf, invite, type Member, type MemberRole, membersOf, removeMember } from './together-api';
import { togetherWords } from './together-words';

const ROLES = ['viewer', 'contributor', 'editor'] as const;

export interface InviteDialogProps {
  token: string;
  layoutId: string;
  myId: number | null;
  isOwner: boolean;
  onClose(): void;
  onProblem(text: string): void;
}

export function InviteDialog({ token, layoutId, myId, isOwner, onClose, onProblem }: InviteDialogProps) {
  const [role, setRole] = useState<MemberRole>('editor');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [members, setMembers] = useState<Member[]>([]);
  const reload = () => membersOf(token, layoutId).then((found) => setMembers(found ?? []), () => undefined);
  useEffect(() => void reload(), [token, layoutId]);
  const failed = (error: unknown) => onProblem(String(error instanceof Error ? error.message : error));

  return (
    <Dialog title={togetherWords.inviteTitle} onClose={onClose}>
      {isOwner && (
        <form className="controls" onSubmit={(event) => {
          event.preventDefault();
          invite(token, layoutId, role).then((made) => { setLink(made.url ?? null); setCopied(false); }, failed);
        }}>
          <label>{togetherWords.role}
            <select value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
              {ROLES.map((each) => <option key={each} value={each}>{togetherWords[each]}</option>)}
            </select>
          </label>
          <button type="submit">{togetherWords.createLink}</button>
          {link && (
            <div className="invite-link">
              <input readOnly aria-label={togetherWords.link} value={link} onFocus={(event) => event.target.select()} />
              <button type="button" onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true), () => undefined)}>
                {copied ? togetherWords.copied : togetherWords.copy}
              </button>
            </div>
          )}
        </form>
      )}
      <h2>{togetherWords.members}</h2>
      <ul className="members-list">
        {members.map((member) => (
          <li key={member.user_id} data-testid="member">
            <span className="avatar large" style={{ background: member.colour }} aria-hidden="true">{initialsOf(member.name, togetherWords.guest)}</span>
            <span>{member.name || togetherWords.guest}{member.user_id === myId ? ` (${togetherWords.you})` : ''}</span>
            {isOwner && member.role !== 'owner'
              ? (
                <>
                  <select aria-label={`${togetherWords.roleOf}: ${member.name}`} value={member.role}
                    onChange={(event) => changeRole(token, layoutId, member.user_id, event.target.value as MemberRole).then(reload, failed)}>
                    {ROLES.map((each) => <option key={each} value={each}>{togetherWords[each]}</option>)}
                  </select>
                  <button type="button" onClick={() => removeMember(token, layoutId, member.user_id).then(reload, failed)}>{togetherWords.removeMember}</button>
                </>
              )
              : <span>{togetherWords[member.role]}</span>}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
