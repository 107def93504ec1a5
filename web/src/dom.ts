// Small DOM helpers: every element the page builds goes through `el`, so
// attributes (data-testid, aria-*) and children are set in one readable call.

type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

/// Makes an element; attributes starting with "on" are event listeners, false/undefined are skipped.
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = String(value);
    else if (key === 'value' && 'value' in node) (node as HTMLInputElement).value = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/// Replaces every child of `parent`.
export function replace(parent: Element, ...children: (Node | string)[]): void {
  parent.replaceChildren(...children);
}

/// A labelled form field: <label for=id>text</label> then the control.
export function field(label: string, control: HTMLElement, help?: string): HTMLElement {
  const id = control.id || `f-${Math.random().toString(36).slice(2)}`;
  control.id = id;
  return el('div', { class: 'field' }, el('label', { for: id }, label), control, help ? el('small', {}, help) : null);
}

/// Offers `content` as a file download named `name`.
export function download(name: string, href: string): void {
  const a = el('a', { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
}
