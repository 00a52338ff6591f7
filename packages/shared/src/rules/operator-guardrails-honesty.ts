/**
 * The honest-answer rule of the operator guardrails, read as a reader would (finding 4 of issue
 * 27, trust.md "Fictional profiles are always disclosed"):
 *
 * - `memberAsksIfReal`: the shared `asksIfReal` on the text as typed and as normalised (spaced,
 *   look-alike and leetspeak letters), and the ways of asking it does not know: whether it is
 *   "really you", whether an employee, a bot or someone else is writing, who writes, whether the
 *   profile works for the site, "real or fake", in the seven languages;
 * - `deniesBeingFictional`: the reply says the profile is real, human, "really me", not a bot or
 *   not an employee. Staff never deny it: such a reply is refused like any reply while the
 *   honest answer is due. A reply that discloses the fiction in the same text ("I'm not a bot,
 *   I'm a fictional profile written by staff") denies nothing.
 */
import { asksIfReal } from './operator-guardrails';
import { correctTypos } from './operator-guardrails-member';
import { decodeLeet, normaliseForGuardrails } from './operator-guardrails-normalise';

const STAFF = String.raw`(?:an? )?(?:employee|staff(?: member)?|operator|moderator|worker|team|company|agency|someone else|somebody else|another person|bot|chatbot|robot|ai|computer|machine)`;

const QUESTIONS: RegExp[] = [
  // en
  /\b(?:is|it'?s|was) (?:this|that|it) (?:really|actually|truly|even|honestly) (?:you|u)\b/,
  new RegExp(
    String.raw`\b(?:is|are|am i talking to|am i chatting with|or) ${STAFF} (?:\w+ )?(?:writing|typing|answering|replying|texting|behind)\b`,
  ),
  new RegExp(String.raw`\bam i (?:talking|chatting|writing|speaking|texting) (?:to|with) ${STAFF}\b`),
  /\bwho(?:'s| is) (?:really|actually|truly) (?:writing|typing|answering|behind)\b/,
  /\bwho(?:'s| is) (?:writing|typing|answering) (?:to me|me|here|this|these)\b/,
  /\bwho(?:'s| is) behind (?:this|the|your) (?:profile|account|chat)\b/,
  /\bwho am i (?:really |actually )?(?:talking|chatting|writing) (?:to|with)\b/,
  /\b(?:are|r) (?:you|u) (?:for real|legit|really (?:you|her|him|a woman|a man)|an? ai|paid to (?:write|chat|talk))\b/,
  /\bdo you work for (?:the|this) (?:site|app|company|platform|website)\b/,
  /\b(?:real|human|genuine) or (?:an? )?(?:fake|bot|robot|ai|computer|employee|staff|operator|moderator)\b/,
  /\b(?:fake|bot|ai|robot) or (?:real|human)\b/,
  /\bis (?:this|it) (?:an? )?(?:ai|real person|human|actual person)\b/,
  // artificial intelligence, in the seven languages
  /\b(?:are|r) (?:you|u) (?:an? )?(?:ai|a\.i\.|artificial intelligence)\b/,
  /\b(?:ben|bent) (?:je|jij|u) (?:een )?(?:ai|a\.i\.|kunstmatige intelligentie)\b/,
  /\b(?:bist|sind) (?:du|sie) (?:eine )?(?:ki|k\.i\.|kunstliche intelligenz)\b/,
  /\bsei (?:un'|una |un )?(?:ia|ai|intelligenza artificiale)\b/,
  /\b(?:es-tu|tu es|etes-vous|vous etes) (?:une )?(?:ia|intelligence artificielle)\b/,
  /\b(?:eres|es usted) (?:una )?(?:ia|inteligencia artificial)\b/,
  /\bjestes (?:(?:sztuczna inteligencja|ai|si|botem ai)\b)/,
  // nl
  /\bzit (?:er )?(?:een |iemand |het )?(?:medewerker|werknemer|bot|bedrijf|team) achter\b/,
  /\b(?:ben|bent) (?:jij|je|u) het (?:echt|wel|zelf|eigenlijk)\b/,
  /\b(?:schrijft|typt|antwoordt|praat) (?:hier |er |dit |nu )*(?:een |iemand )?(?:medewerker|werknemer|operator|moderator|bot|computer|anders)\b/,
  /\b(?:medewerker|werknemer|bot|iemand anders) (?:die |dat )?(?:schrijft|typt|antwoordt)\b/,
  /\bwie (?:schrijft|typt|antwoordt) (?:er |me |mij )?(?:hier|eigenlijk|echt|nou|dit|deze berichten)\b/,
  /\bwie zit (?:er )?achter (?:dit|je|jouw) (?:profiel|account)\b/,
  /\b(?:werk|werkt) (?:je|jij|u) voor (?:de|deze) (?:site|app|website)\b/,
  /\b(?:echt|nep) of (?:een )?(?:nep|fake|bot|medewerker|echt)\b/,
  // de
  /\bbist du es (?:wirklich|echt|selbst|tatsachlich)\b/,
  /\b(?:schreibt|tippt|antwortet) (?:hier |da |mir |gerade )*(?:ein |eine )?(?:mitarbeiter|mitarbeiterin|moderator|moderatorin|operator|bot|angestellter|angestellte|jemand anders|computer)\b/,
  /\bwer (?:schreibt|tippt|antwortet) (?:mir )?(?:hier|da|eigentlich|wirklich|das|diese nachrichten)\b/,
  /\bwer steckt (?:hinter (?:dem|deinem|diesem) profil|dahinter)\b/,
  /\barbeitest du fur (?:die|diese) (?:seite|app|plattform|firma)\b/,
  /\b(?:echt|real) oder (?:ein |eine )?(?:fake|bot|mitarbeiter|mitarbeiterin|ki)\b/,
  // it
  /\bsei (?:davvero|veramente|proprio) tu\b/,
  /\bsei tu (?:davvero|veramente)\b/,
  /\b(?:scrive|risponde|c'e) (?:qui |ora )?(?:un |una )?(?:dipendente|operatore|operatrice|moderatore|moderatrice|bot|impiegat[oa]|qualcun altro)\b/,
  /\b(?:dipendente|operatore|operatrice|bot|impiegat[oa]|qualcun altro) (?:che )?(?:scrive|risponde)\b/,
  /\bchi (?:mi )?(?:scrive|risponde) (?:davvero|veramente|qui|questi messaggi|in realta)\b/,
  /\bchi mi scrive(?=\s*\?|$)/,
  /\bchi c'e dietro (?:questo|il tuo) profilo\b/,
  /\blavori per (?:il|questo) sito\b/,
  /\b(?:vera|vero|reale) o (?:un |una )?(?:finta|finto|bot|dipendente|operatore)\b/,
  // fr
  /\b(?:c'est|est-ce) (?:vraiment|bien|reellement) (?:toi|vous)\b/,
  /\b(?:employe|employee|salarie|operateur|operatrice|moderateur|moderatrice|animateur|animatrice|bot|robot|quelqu'un d'autre) qui (?:ecrit|repond|tape)\b/,
  /\bqui (?:m'ecrit|ecrit|repond|me repond) (?:vraiment|reellement|ici|ces messages|en vrai)\b/,
  /\bqui m'ecrit(?=\s*\?|$)/,
  /\bqui est derriere (?:ce|ton) profil\b/,
  /\b(?:tu travailles|travailles-tu) pour (?:le|ce) site\b/,
  /\b(?:vrai|vraie|reel|reelle) ou (?:un |une )?(?:faux|fausse|fake|bot|robot|employe)\b/,
  // es
  /\beres (?:(?:realmente|de verdad) tu|tu (?:realmente|de verdad))\b/,
  /\b(?:emplead[oa]|operador[a]?|moderador[a]?|bot|robot|otra persona|alguien mas) (?:que |esta )?(?:escribe|escribiendo|responde|contesta)\b/,
  /\bquien (?:me )?(?:escribe|responde|contesta) (?:de verdad|realmente|aqui|estos mensajes|en realidad)\b/,
  /\bquien me escribe(?=\s*\?|$)/,
  /\bquien esta detras de (?:este|tu) perfil\b/,
  /\btrabajas para (?:el|este|la|esta) (?:sitio|web|pagina|app)\b/,
  /\b(?:real|verdadera|verdadero) o (?:un |una )?(?:falsa|falso|bot|robot|emplead[oa])\b/,
  // pl
  /\b(?:czy )?to (?:naprawde|na pewno|serio) ty\b/,
  /\b(?:pisze|odpisuje|odpowiada) (?:tu |to |mi )?(?:jakis |jakas )?(?:pracownik|pracownica|operator|operatorka|moderator|bot|ktos inny)\b/,
  /\b(?:pracownik|pracownica|operator|operatorka|bot|ktos inny) (?:pisze|odpisuje)\b/,
  /\bkto (?:tu |to |naprawde |tak naprawde )?(?:pisze|odpisuje)(?=\s*\?|$)/,
  /\bkto (?:naprawde|tak naprawde) (?:pisze|odpisuje)\b/,
  /\bkto stoi za (?:tym|twoim) profilem\b/,
  /\bczy pracujesz dla (?:tej|tego) (?:strony|serwisu|portalu)\b/,
  /\b(?:prawdziwa|prawdziwy) czy (?:bot|fejk|fake|pracownik)\b/,
];

/** The member's text asks whether the profile is real, a bot or written by staff, however written. */
export function memberAsksIfReal(text: string): boolean {
  if (asksIfReal(text)) return true;
  const read = decodeLeet(normaliseForGuardrails(text).text);
  return asksIfReal(read) || QUESTIONS.some((question) => question.test(correctTypos(read)));
}

/** Where a claim to be real ends: the clause, or words of reassurance, not "I'm real nice". */
const END = String.raw`(?=\s*(?:[.!?,;:)(]|$|and\b|but\b|i promise|promise|babe|baby|honey|haha|lol|silly|dear|trust me|ok\b|okay|x+\b|hoor|schatje|echt\b|wirklich|versprochen|schatz|davvero|tesoro|promesso|cheri|promis|promesa|carino|carino|obiecuje|kochanie))`;

const DENIALS: RegExp[] = [
  // en
  new RegExp(
    String.raw`\b(?:i'?m|i am|im) (?:really |definitely |totally |absolutely |actually |very much |100% |so )?(?:real|human|genuine|legit|a human|a person)${END}`,
  ),
  /\b(?:i'?m|i am|im) (?:really |definitely |totally |absolutely |actually )?(?:a |an )?(?:real|actual|living) (?:person|woman|man|girl|guy|human|lady|profile)\b/,
  /\b(?:i'?m|i am|im) (?:really |definitely |totally |absolutely |actually )?(?:not|no) (?:a |an )?(?:bot|robot|fake|ai|computer|machine|operator|employee|moderator|chatbot|program|scam|fake profile|staff member)\b/,
  new RegExp(
    String.raw`\b(?:(?:it'?s|it is|this is|that'?s) (?:really|truly|actually|definitely|honestly|100%) me|(?:of course|yes|yeah|sure|yep) (?:it'?s|it is|this is) (?:really |truly )?me)${END}`,
  ),
  /\bno(?:body| one| other person) (?:else )?(?:writes|is writing|types|answers|replies|writes for me)\b/,
  /\bmy profile is (?:real|genuine|100% real)\b/,
  /\b(?:i'?m|i am|im) (?:just )?as real as\b/,
  // nl
  new RegExp(String.raw`\b(?:ik ben|ben ik) (?:wel |gewoon |heus |natuurlijk |echt |helemaal )*(?:echt|een mens|mens)${END}`),
  /\b(?:ik ben|ben ik) (?:wel |gewoon |heus |natuurlijk |echt )*(?:een echte? (?:persoon|vrouw|man|meid|mens|jongen)|geen (?:bot|robot|computer|medewerker|moderator|operator|nepprofiel|nep|fake))\b/,
  /\b(?:ik ben het|het ben ik) (?:echt|echt wel|gewoon|heus|zelf)\b/,
  /\bmijn profiel is (?:echt|gewoon echt)\b/,
  // de
  new RegExp(String.raw`(?<!nicht )\b(?:ich bin|bin ich) (?:wirklich |naturlich |echt |doch |schon |ganz )*(?:echt|real|ein mensch)${END}`),
  /\b(?:ich bin|bin ich) (?:wirklich |naturlich |doch |ganz )*(?:eine echte (?:person|frau)|ein echter (?:mensch|mann)|kein (?:bot|roboter|computer|mitarbeiter|fake|moderator|operator|fake-profil)|keine (?:mitarbeiterin|moderatorin|ki|maschine))\b/,
  /\bich bin es (?:wirklich|echt|selbst)\b/,
  /\bmein profil ist echt\b/,
  // it
  new RegExp(
    String.raw`(?<!non )\b(?:sono|io sono) (?:davvero |proprio |certo |sicuramente |veramente )*(?:reale|vera|vero|umana|umano)${END}`,
  ),
  /\bsono (?:davvero|proprio|veramente) io\b/,
  /(?<!non )\b(?:sono|io sono) (?:davvero |proprio |veramente )*(?:una persona (?:vera|reale)|un essere umano|una donna vera|un uomo vero)\b/,
  /\bnon sono (?:un |una )?(?:bot|robot|computer|dipendente|operatore|operatrice|moderatore|moderatrice|profilo finto|finta|finto|falso|falsa)\b/,
  // fr
  new RegExp(String.raw`\bje suis (?:vraiment |bien |reellement )?(?:reel|reelle|vrai|vraie|humain|humaine)${END}`),
  /\bje suis (?:vraiment |bien )?(?:une vraie (?:personne|femme|fille)|un vrai (?:homme|mec|garcon)|une personne reelle)\b/,
  /\bje ne suis pas (?:un |une )?(?:bot|robot|ordinateur|employe|employee|operateur|operatrice|moderateur|moderatrice|animateur|animatrice|faux profil|fake|ia)\b/,
  /\bc'est (?:vraiment|bien) moi\b/,
  // es
  new RegExp(String.raw`(?<!no )\bsoy (?:realmente |de verdad )?(?:real|humana|humano|de verdad|yo de verdad)${END}`),
  /(?<!no )\bsoy (?:una|un) (?:persona|mujer|chica|hombre|chico) (?:real|de verdad)\b/,
  /\bno soy (?:un |una )?(?:bot|robot|maquina|empleado|empleada|operador|operadora|moderador|moderadora|perfil falso|falsa|falso|ia)\b/,
  /\b(?:de verdad|realmente) soy yo\b/,
  // pl
  new RegExp(
    String.raw`(?<!nie )\bjestem (?:naprawde |oczywiscie |na pewno |serio )?(?:prawdziwa|prawdziwy|realna|realny|czlowiekiem)${END}`,
  ),
  /(?<!nie )\bjestem (?:naprawde )?(?:prawdziwa osoba|prawdziwym czlowiekiem|prawdziwa kobieta|prawdziwym mezczyzna)\b/,
  /\bnie jestem (?:zadnym )?(?:botem|robotem|komputerem|pracownikiem|pracownica|operatorem|operatorka|moderatorem|moderatorka|fejkiem|falszywym profilem)\b/,
  /\bto (?:naprawde|na pewno|serio) ja\b/,
];

/** Words that disclose the fiction: a text with one of them is (part of) the honest answer. */
const DISCLOSES = /\b(?:fictional|fictitious|fictief|fictieve|fiktiv\w*|fittizi\w*|fictif|fictive|ficticio|ficticia|fikcyjn\w*)\b/;

/** The reply says the fictional profile is real, human, "really me", not a bot or not staff. */
export function deniesBeingFictional(text: string): boolean {
  const read = decodeLeet(normaliseForGuardrails(text).text);
  return !DISCLOSES.test(read) && DENIALS.some((denial) => denial.test(read));
}
