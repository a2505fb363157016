declare module 'virtual:reelforge/routes' {
  /** Every named route: its pattern and HTTP methods (bin/route_table.ts). */
  const routes: Record<string, [pattern: string, methods: string[]]>
  export default routes
}
