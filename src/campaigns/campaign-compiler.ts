import { validationError } from '../errors.ts';
import type { CompiledTemplate, EmailContent, PlaceholderOptions, Template } from '../render/index.ts';
import { TaskTooSlow, type ThreadPool } from '../threads/index.ts';
import { withUnsubscribeLink } from './campaign-content.ts';
import type { CampaignRow } from './campaign-record.ts';
import { contentOfRow } from './campaign-rows.ts';

/** The pool task campaigns need (createCore's pool has it): a template rendered once. */
export type CompileTask = {
  compileTemplate: (input: { template: Template; options: PlaceholderOptions }) => CompiledTemplate;
};

export interface CampaignCompiler {
  /** Render a campaign's template (with its unsubscribe link) once, off this thread; bad placeholders and unrenderable content are validation errors. */
  compile(organizationId: string, fields: { subject: string; preview: string | null; content: EmailContent }): Promise<CompiledTemplate>;
  /** A stored campaign's template, kept by campaign and version: a fan-out that resumes page after page renders once. */
  compileRow(row: CampaignRow): Promise<CompiledTemplate>;
}

/** Compiled templates kept at most. */
const KEPT = 32;

export function createCampaignCompiler(pool: ThreadPool<CompileTask>): CampaignCompiler {
  async function compile(organizationId: string, fields: { subject: string; preview: string | null; content: EmailContent }): Promise<CompiledTemplate> {
    try {
      const template = { subject: fields.subject, preview: fields.preview, content: withUnsubscribeLink(fields.content) };
      return await pool.run('compileTemplate', { template, options: { allowUnsubscribeUrl: true } }, { tenant: organizationId });
    } catch (error) {
      if (!(error instanceof TaskTooSlow)) throw error;
      const field = fields.content.kind === 'parts' ? 'html' : fields.content.kind;
      throw validationError([{ path: field, message: `cannot be rendered: it takes longer than ${error.limitMs / 1000} s` }]);
    }
  }

  const compiled = new Map<string, Promise<CompiledTemplate>>();
  function compileRow(row: CampaignRow): Promise<CompiledTemplate> {
    const key = `${row.id}:${row.updated_at}:${row.subject}:${row.preview}`;
    let found = compiled.get(key);
    if (!found) {
      found = compile(row.organization_id, { subject: row.subject, preview: row.preview, content: contentOfRow(row) });
      found.catch(() => compiled.delete(key));
      if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, found);
    }
    return found;
  }

  return { compile, compileRow };
}
