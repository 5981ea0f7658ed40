/** Download PDF: "Preparing..." while the function renders it, then a file named by the car's slug. */
const PREPARING = "Preparing...";
const FALLBACK_ERROR = "Sorry, we couldn't prepare the PDF. Please try again.";

async function download(button: HTMLButtonElement) {
  const slug = button.dataset.slug ?? "";
  const text = button.querySelector("[data-pdf-text]");
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  if (text) text.textContent = PREPARING;
  try {
    const response = await fetch(`/api/car-pdf?slug=${encodeURIComponent(slug)}`);
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? FALLBACK_ERROR);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = `${slug}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    alert(error instanceof Error && error.message !== "Failed to fetch" ? error.message : FALLBACK_ERROR);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
    if (text) text.textContent = button.dataset.label ?? "";
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>("[data-pdf-button]")) {
  button.addEventListener("click", () => void download(button));
}
