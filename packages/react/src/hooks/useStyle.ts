import { useInsertionEffect } from 'react'

/**
 * Injects a `<style>` once per document (by id), before layout, so the first paint is styled.
 * Never during render: safe on the server.
 */
export function useStyle(id: string, css: string) {
  useInsertionEffect(() => {
    if (document.getElementById(id)) return
    const style = document.createElement('style')
    style.id = id
    style.textContent = css
    document.head.appendChild(style)
  }, [id, css])
}
