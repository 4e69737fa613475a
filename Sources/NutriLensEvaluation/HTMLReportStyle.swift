import NutriLens

/// The look of ``HTMLReport``: a dark, data-forward card layout. Near-black canvas `#0A0A0A`, cards `#151515`, white
/// text, large bold numerals for totals; accent colours only for the macronutrients (energy orange, protein blue,
/// carbohydrate green, fat yellow). Field boxes: white = correct, red = wrong and not flagged, violet = flagged for
/// review (dashed), so the one case a user must not meet — a wrong value nobody flagged — stands out.
enum HTMLReportStyle {
    /// Nutrients in the order a label prints them (EU Regulation 1169/2011 Annex XV, then US extras).
    static let nutrientOrder = ["energy-kj", "energy-kcal", "fat", "saturated-fat", "monounsaturated-fat",
                                "polyunsaturated-fat", "trans-fat", "cholesterol", "carbohydrates", "sugars",
                                "added-sugars", "polyols", "starch", "fiber", "proteins", "salt", "sodium"]

    /// CSS class of a nutrient's accent colour (`""` for the non-macros).
    static func accentClass(_ nutrient: String) -> String {
        switch nutrient {
        case "energy-kj", "energy-kcal": return "m-energy"
        case "proteins": return "m-protein"
        case "carbohydrates", "sugars", "added-sugars", "polyols", "starch", "fiber": return "m-carb"
        case "fat", "saturated-fat", "monounsaturated-fat", "polyunsaturated-fat", "trans-fat": return "m-fat"
        default: return ""
        }
    }

    /// The unit of a key's value in results and ground truth (../shared/docs/ground-truth.md).
    static func unit(of key: String) -> String {
        switch NutritionResult.nutrientName(of: key) {
        case "energy-kj": return "kJ"
        case "energy-kcal": return "kcal"
        default: return "g"
        }
    }

    static let css = """
    :root{--bg:#0A0A0A;--card:#151515;--line:#262626;--text:#FFFFFF;--dim:#9A9A9A;--energy:#FF8A00;--protein:#3B82F6;\
    --carb:#22C55E;--fat:#FACC15;--ok:#F5F5F5;--bad:#FF3B5C;--review:#A78BFA}
    *{box-sizing:border-box}body{margin:0;padding:24px 32px;background:var(--bg);color:var(--text);\
    font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    h1{font-size:28px;margin:0}h2{font-size:16px;margin:0 0 12px;color:var(--dim);font-weight:600;text-transform:uppercase;\
    letter-spacing:.06em}h3{font-size:15px;margin:0;word-break:break-all}.sub{color:var(--dim);margin:4px 0 0}
    .card{background:var(--card);border-radius:14px;padding:18px 20px;margin:0 0 16px;border:1px solid var(--line)}
    .tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:14px;margin:20px 0}
    .tile{margin:0}.big{font-size:38px;font-weight:800;letter-spacing:-.02em;display:block}.label{color:var(--dim);\
    display:block}.detail{color:var(--dim);font-size:12px}.up{color:var(--carb)}.down{color:var(--bad)}.same{color:var(--dim)}
    table{border-collapse:collapse;width:100%}th{color:var(--dim);font-weight:500;text-align:left;padding:3px 8px}
    td{padding:3px 8px;border-top:1px solid var(--line)}.num{text-align:right;font-variant-numeric:tabular-nums}
    .bars .bar{display:inline-block;width:160px;height:10px;background:#262626;border-radius:5px;vertical-align:middle;\
    margin-right:8px}.bars .fill{height:100%;border-radius:5px;background:#D4D4D4}.pct{font-variant-numeric:tabular-nums}
    .m-energy .fill{background:var(--energy)}.m-protein .fill{background:var(--protein)}.m-carb .fill{background:var(--carb)}\
    .m-fat .fill{background:var(--fat)}td.key{font-family:ui-monospace,Menlo,monospace;font-size:12.5px}
    td.key.m-energy{box-shadow:inset 3px 0 var(--energy)}td.key.m-protein{box-shadow:inset 3px 0 var(--protein)}\
    td.key.m-carb{box-shadow:inset 3px 0 var(--carb)}td.key.m-fat{box-shadow:inset 3px 0 var(--fat)}
    .split{display:flex;gap:32px;flex-wrap:wrap;align-items:center}.facts>div{margin-bottom:14px}
    svg.reliability{width:320px;height:320px}svg .frame{fill:none;stroke:#333}svg .acc{fill:#D4D4D4}\
    svg .ideal{stroke:var(--dim);stroke-dasharray:4 4}svg text{fill:var(--dim);font-size:10px;text-anchor:middle}
    .legend{color:var(--dim)}.swatch{display:inline-block;width:14px;height:10px;margin:0 4px 0 10px;border:2px solid}\
    .swatch.correct{border-color:var(--ok)}.swatch.wrong{border-color:var(--bad)}.swatch.review{border-color:var(--review);\
    border-style:dashed}
    .filters{margin:8px 0 16px}.filters button{background:var(--card);color:var(--text);border:1px solid var(--line);\
    border-radius:999px;padding:6px 14px;margin-right:8px;cursor:pointer}.filters button.on{background:#FFFFFF;color:#0A0A0A}
    .pair{display:flex;gap:18px;flex-wrap:wrap;margin-top:12px;align-items:flex-start}.photo{position:relative;margin:0;flex:0 0 auto;\
    max-width:520px}.photo img{display:block;max-width:520px;height:auto;border-radius:8px}.photo svg{position:absolute;\
    inset:0;width:100%;height:100%}.photo rect{fill:none;stroke-width:2.5;vector-effect:non-scaling-stroke}\
    .photo rect.correct{stroke:var(--ok)}.photo rect.wrong{stroke:var(--bad)}.photo rect.review{stroke:var(--review);\
    stroke-dasharray:5 3}.photo.missing{color:var(--dim);padding:40px}.table{flex:1 1 360px;min-width:320px}
    .tag{font-size:11px;border-radius:4px;padding:1px 6px;border:1px solid var(--line)}.tag.correct{color:var(--ok)}\
    .tag.wrong,.tag.spurious{color:var(--bad)}.tag.missed{color:var(--dim)}.tag.review{color:var(--review)}\
    .tag.was{color:var(--dim)}tr.changed td{background:#1F1A2E}.image.changed{border-color:var(--review)}\
    .changed-note{color:var(--review)}
    """

    /// Counts loaded images onto `<html data-images-loaded>` (read by the report's browser test) and runs the filters.
    static let script = """
    (function(){var root=document.documentElement;function count(){var n=0;for(var i=0;i<document.images.length;i++){\
    var im=document.images[i];if(im.complete&&im.naturalWidth>0)n++;}root.setAttribute('data-images-loaded',n);}
    window.addEventListener('load',count);for(var i=0;i<document.images.length;i++){document.images[i]\
    .addEventListener('load',count);}count();
    document.querySelectorAll('.filters button').forEach(function(b){b.addEventListener('click',function(){\
    document.querySelectorAll('.filters button').forEach(function(o){o.classList.toggle('on',o===b);});var f=b.dataset.filter;\
    document.querySelectorAll('article.image').forEach(function(a){a.style.display=(f==='all'||a.classList.contains(f))?'':'none';});});});})();
    """
}
