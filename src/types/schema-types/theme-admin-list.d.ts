// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeAdminListSchema {
export interface ThemeAdminList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
results: ThemeAdmin[]
}
export interface ThemeAdmin {
id: number
name: string
description: string
approved: boolean
author: (number | null)
color: (number | null)
style: (number | null)
categories: number[]
created_at: string
}
}
export type ThemeAdminList = ThemeAdminListSchema.ThemeAdminList;
