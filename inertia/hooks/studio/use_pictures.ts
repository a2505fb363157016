import { useEffect, useRef, useState } from 'react'
import { MAX_PICTURES } from '@shared/script_plan'
import { routeRequest } from '~/lib/api'
import type { UploadState } from '~/lib/direct_upload'
import type { UploadedPicture } from '~/lib/picture_upload'
import { toast } from '~/lib/toast'

/** The upload code loads with the first picture, not with /setup (docs/product.md, Image to Video). */
const uploads = () => import('~/lib/picture_upload')

/** One picture on its way: what it is called, what it looks like, where it stands. */
export type PictureItem = {
  key: string
  label: string
  /** The local file while it uploads; the server's upright, stripped thumbnail once accepted. */
  preview: string | null
  state: UploadState
  picture: UploadedPicture | null
}

/** Uploads at once: enough to keep a connection busy, few enough to show progress one by one. */
const PARALLEL_UPLOADS = 3

const WORKING: UploadState['name'][] = ['waiting', 'preprocessing', 'uploading', 'postprocessing']

let nextKey = 0

/**
 * The pictures of an Image to Video project as the creator gathers them
 * (docs/product.md, Image to Video): files and pasted addresses, each
 * uploaded and checked, in an order the creator can change; a removed
 * picture is deleted on the server.
 */
export function usePictures() {
  const [items, setItems] = useState<PictureItem[]>([])
  const queue = useRef<(() => Promise<void>)[]>([])
  const running = useRef(0)
  const objectUrls = useRef(new Set<string>())

  useEffect(() => {
    const urls = objectUrls.current
    return () => {
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [])

  function update(key: string, change: Partial<PictureItem>) {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }

  function pump() {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const task = queue.current.shift()!
      running.current++
      void task().finally(() => {
        running.current--
        pump()
      })
    }
  }

  function settle(key: string, picture: UploadedPicture | null) {
    if (picture) update(key, { picture, preview: picture.thumbnailUrl })
  }

  /** Room left, with a word when some of `wanted` do not fit. */
  function room(wanted: number) {
    const free = MAX_PICTURES - items.length
    if (wanted > free) {
      toast.error(`A video takes at most ${MAX_PICTURES} pictures`, {
        description: free > 0 ? `Only the first ${free} were added.` : 'Remove one to add another.',
      })
    }
    return Math.max(0, Math.min(wanted, free))
  }

  function addFiles(files: File[]) {
    const taken = files.slice(0, room(files.length))
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file)
      objectUrls.current.add(preview)
      const key = `picture-${nextKey++}`
      const item: PictureItem = {
        key,
        label: file.name,
        preview,
        state: { name: 'waiting' },
        picture: null,
      }
      queue.current.push(async () => {
        const { uploadPicture } = await uploads()
        settle(key, await uploadPicture(file, (state) => update(key, { state })))
      })
      return item
    })
    setItems((current) => [...current, ...added])
    pump()
  }

  function addUrl(url: string) {
    if (room(1) === 0) return
    const key = `picture-${nextKey++}`
    let label = url
    try {
      label = new URL(url).pathname.split('/').pop() || new URL(url).host
    } catch {
      // the server says what is wrong with the address
    }
    setItems((current) => [
      ...current,
      { key, label, preview: null, state: { name: 'waiting' }, picture: null },
    ])
    queue.current.push(async () => {
      const { importPicture } = await uploads()
      settle(key, await importPicture(url, (state) => update(key, { state })))
    })
    pump()
  }

  function remove(key: string) {
    const item = items.find((entry) => entry.key === key)
    setItems((current) => current.filter((entry) => entry.key !== key))
    if (item?.preview && objectUrls.current.delete(item.preview)) {
      URL.revokeObjectURL(item.preview)
    }
    if (item?.picture) {
      // No project took it: it would be swept within a day, but the creator said no now.
      routeRequest('media.pictures.destroy', { params: { id: item.picture.id } }).catch(() => {})
    }
  }

  function move(key: string, offset: -1 | 1) {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key)
      const to = from + offset
      if (from < 0 || to < 0 || to >= current.length) return current
      const next = [...current]
      ;[next[from], next[to]] = [next[to], next[from]]
      return next
    })
  }

  const ready = items.flatMap((item) => (item.picture ? [item.picture] : []))
  return {
    items,
    addFiles,
    addUrl,
    remove,
    move,
    /** The accepted pictures, in the creator's order. */
    ready,
    /** Some are still uploading or being checked. */
    working: items.some((item) => WORKING.includes(item.state.name)),
  }
}

export type Pictures = ReturnType<typeof usePictures>
