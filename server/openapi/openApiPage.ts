import type { OpenApiDocument, OpenApiOperation } from './openApiDocument';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters.length
    ? `<table><thead><tr><th scope="col">Paramètre</th><th scope="col">Où</th><th scope="col">Requis</th><th scope="col">Schéma</th></tr></thead><tbody>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in === 'path' ? 'chemin' : 'requête'}</td><td>${parameter.required ? 'oui' : 'non'}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = operation.requestBody?.content['application/json']
    ? schemaBlock('Corps (JSON)', operation.requestBody.content['application/json'].schema)
    : '';
  const responses = Object.entries(operation.responses)
    .filter(([status]) => status !== '400' && status !== 'default')
    .flatMap(([status, response]) =>
      response.content
        ? Object.entries(response.content).map(([type, { schema }]) =>
            schemaBlock(`Réponse ${status} (${type})`, schema),
          )
        : [`<p>Réponse ${escapeHtml(status)} : ${escapeHtml(response.description)}</p>`],
    )
    .join('');
  return `<section class="operation" id="${escapeHtml(operation.operationId)}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}</p>${operation.description ? `<p class="description">${escapeHtml(operation.description)}</p>` : ''}
${parameters}${body}${responses}</section>`;
}

/** A readable page of the document: one section per tag, parameters as tables, schemas folded. */
export function renderOpenApiPage(document: OpenApiDocument): string {
  const sections = document.tags
    .map(({ name }) => {
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.tags.includes(name))
          .map(([method, operation]) => operationHtml(method, path, operation)),
      );
      return `<section aria-labelledby="tag-${escapeHtml(name)}"><h2 id="tag-${escapeHtml(name)}">${escapeHtml(name)}</h2>${operations.join('\n')}</section>`;
    })
    .join('\n');
  const count = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} — documentation</title>
<style>
:root { color-scheme: light dark; --text: #1f2933; --muted: #52606d; --surface: #ffffff; --border: #d9e2ec; --code: #f0f4f8; --accent: #2563eb; }
@media (prefers-color-scheme: dark) { :root { --text: #e4e7eb; --muted: #9aa5b1; --surface: #111827; --border: #323f4b; --code: #1f2933; --accent: #60a5fa; } }
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 15px/1.5 system-ui, sans-serif; color: var(--text); background: var(--surface); }
a { color: var(--accent); }
h2 { border-bottom: 1px solid var(--border); padding-bottom: 4px; margin-top: 40px; }
h3 { font-size: 15px; margin: 0 0 4px; }
.operation { border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.method { display: inline-block; min-width: 64px; text-align: center; border-radius: 4px; padding: 1px 6px; font-size: 12px; color: #fff; background: #2563eb; }
.method-post { background: #15803d; } .method-delete { background: #b91c1c; } .method-put, .method-patch { background: #a16207; }
.description { color: var(--muted); }
code, pre { background: var(--code); border-radius: 4px; font-size: 13px; }
pre { padding: 8px; overflow: auto; max-height: 480px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { text-align: left; border-bottom: 1px solid var(--border); padding: 4px 8px; vertical-align: top; }
td code { white-space: pre-wrap; word-break: break-word; }
summary { cursor: pointer; margin: 4px 0; }
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>${count} opérations. Document OpenAPI ${escapeHtml(document.openapi)} : <a href="/api/docs/openapi.json">/api/docs/openapi.json</a></p>
<nav aria-label="Domaines"><ul>${document.tags.map(({ name }) => `<li><a href="#tag-${escapeHtml(name)}">${escapeHtml(name)}</a></li>`).join('')}</ul></nav>
${sections}
</body>
</html>`;
}
